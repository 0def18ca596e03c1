# syntax=docker/dockerfile:1
# Accounts service image: the API (default command), the delivery worker
# (`node dist/worker.js`) and the operator CLI (`node dist/cli.js ...`).

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: compile TypeScript and the native better-sqlite3 addon ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && npm cache clean --force

# ---- runtime: production dependencies and compiled code only, non-root ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    WORKER_PORT=3001
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
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
