# Accounts service image: the API (default command), the delivery worker
# (`node dist/worker.js`) and the operator CLI (`node dist/cli.js ...`).
# Builds with `docker build`, `podman build` or `buildah build`; no registry but
# the base image's and npm's is needed. ops/image/smoke.sh builds and checks it.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- deps: production dependencies only, with the native better-sqlite3 addon ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# A C++ toolchain for better-sqlite3 where no prebuilt binary can be fetched; the
# Node.js headers are the base image's own (/usr/local/include/node), not a download.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
# Optional build secrets for hosts behind a registry mirror or a TLS-inspecting
# proxy: `--secret id=npmrc,src=<an .npmrc>` and `--secret id=ca,src=<a CA bundle>`.
# typescript is removed by hand: npm keeps it because a production dependency
# (cosmiconfig) names it as an optional peer, but nothing loads it at run time.
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc,required=false \
    --mount=type=secret,id=ca,target=/run/secrets/ca,required=false \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
  && npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver
# better-sqlite3 needs only its compiled addon at run time, not the SQLite sources and objects it was built from.
RUN cd node_modules/better-sqlite3 \
  && find build -mindepth 1 -not -path build/Release -not -path build/Release/better_sqlite3.node -delete \
  && rm -rf deps src

# ---- build: compile TypeScript (no install scripts: the compiler needs no native addon) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc,required=false \
    --mount=type=secret,id=ca,target=/run/secrets/ca,required=false \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
  && npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# No source maps in the image: stack traces name the compiled files, which keep their names and lines close.
RUN npx tsc -p tsconfig.build.json --sourceMap false
# The console (docs/console.md): bundled by esbuild into dist/console.
COPY console ./console
RUN node console/build.mjs

# ---- runtime: production dependencies and compiled code only, non-root ----
FROM ${NODE_IMAGE} AS runtime
# The commit the image is built from (`docker build --build-arg GIT_COMMIT=$(git rev-parse HEAD) .`): the `commit`
# label of accounts_build_info on /metrics; `unknown` when not given.
ARG GIT_COMMIT=unknown
ENV NODE_ENV=production \
    PORT=3000 \
    WORKER_PORT=3001 \
    GIT_COMMIT=${GIT_COMMIT}
WORKDIR /app
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# ./data holds the embedded SQLite file when DATABASE_URL is unset.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 3001
# Readiness of whichever process runs: the API on PORT, or the worker on WORKER_PORT.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const ready = (port) => fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false); Promise.all([process.env.PORT, process.env.WORKER_PORT].map(ready)).then((r) => process.exit(r.includes(true) ? 0 : 1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
