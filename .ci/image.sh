#!/usr/bin/env bash
# The Docker image, built and run on a machine that reaches no container registry
# (docs/decisions/059-a-lean-image-proved-in-ci.md): installs podman from Debian, makes the Dockerfile's
# base image locally (a debootstrap of Debian bookworm plus this machine's Node and npm, tagged as the
# Dockerfile's FROM), builds the image with --pull=never, then starts it on the embedded database (its
# data in a named volume, restarted once) and on the PostgreSQL at 127.0.0.1:5432 (a fresh database),
# and checks what a user and an orchestrator see. Prints "image: N passed, N failed", writes
# $TEST_REPORT_DIR/image.json for .ci/summarize.mjs, and exits non-zero when any check failed.
# Needs root (apt-get, debootstrap, rootful podman). IMAGE_CACHE_DIR keeps the debootstrap between runs.
set -uo pipefail
cd "$(dirname "$0")/.."

REPORT_DIR=${TEST_REPORT_DIR:-$PWD/.ci/out}
CACHE_DIR=${IMAGE_CACHE_DIR:-/var/tmp/journey-image}
PG_URL=${TEST_DATABASE_URL_PG:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}
IMAGE=localhost/journey:ci
BASE=$(sed -n 's/^FROM \([^ ]*\).*/\1/p' Dockerfile | head -n 1)
RUN_ID=journey-image-ci-$$
PG_DATABASE=journey_image_ci_$$
# The app's layers (everything but the base) may grow to this before the check fails.
APP_LAYERS_BUDGET_MB=180

WORK=$(mktemp -d)
passed=0
failed=0
started=$SECONDS
mkdir -p "$REPORT_DIR" "$CACHE_DIR"

pass() { passed=$((passed + 1)); printf 'passed\t%s\n' "$1" >>"$WORK/results"; echo "  ok    $1"; }
fail() { failed=$((failed + 1)); printf 'failed\t%s\n' "$1" >>"$WORK/results"; echo "  FAIL  $1" >&2; }
# check NAME COMMAND...: one counted check; returns the command's status.
check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name" && return 1; fi
}

finish() {
  local status=$?
  if command -v podman >/dev/null; then
    # -v: the anonymous /data volume of the PostgreSQL run too; then the images the run left untagged.
    podman rm --ignore -f -v -t 5 "$RUN_ID-embedded" "$RUN_ID-postgres" >/dev/null 2>&1
    podman volume rm -f "$RUN_ID-data" >/dev/null 2>&1
    podman image prune -f >/dev/null 2>&1
  fi
  psql "$PG_URL" -qc "drop database if exists $PG_DATABASE with (force)" >/dev/null 2>&1
  [ -f "$WORK/results" ] || fail "the image step ran no check"
  node - "$WORK/results" "$REPORT_DIR/image.json" <<'EOF'
// The checks as a Vitest-shaped report, the form .ci/summarize.mjs sums.
const { readFileSync, writeFileSync } = require('node:fs');
const [results, out] = process.argv.slice(2);
const checks = readFileSync(results, 'utf8').trim().split('\n').map((line) => line.split('\t'));
const count = (status) => checks.filter(([s]) => s === status).length;
writeFileSync(out, JSON.stringify({
  numTotalTests: checks.length,
  numPassedTests: count('passed'),
  numFailedTests: count('failed'),
  testResults: [{
    name: '.ci/image.sh',
    status: count('failed') > 0 ? 'failed' : 'passed',
    assertionResults: checks.map(([status, title]) => ({ title, status })),
  }],
}, null, 2));
EOF
  rm -rf "$WORK"
  echo "image: $passed passed, $failed failed ($((SECONDS - started))s)"
  [ "$failed" -eq 0 ] && [ "$status" -eq 0 ] && exit 0
  exit 1
}
trap finish EXIT

# fatal NAME: a failed step the later checks cannot run without.
fatal() { fail "$1"; exit 1; }

echo "--- podman"
if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    podman runc debootstrap uidmap fuse-overlayfs slirp4netns netavark aardvark-dns conmon catatonit >/dev/null) ||
    fatal "podman, runc and debootstrap install from Debian"
fi
# These VMs run runc (crun is not installed), no systemd, and limits podman's defaults exceed: runc
# cannot set open files or processes at or above the host's hard limits (20,000 and 96,551 here;
# 32,768 processes already failed), so both are set well below.
cat >"$WORK/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=8192:8192", "nproc=8192:8192"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
[network]
network_backend = "netavark"
EOF
export CONTAINERS_CONF=$WORK/containers.conf
podman --version

echo "--- base image $BASE (debootstrap of Debian bookworm + $(node --version) from $(command -v node))"
step_started=$SECONDS
node_major=$(node -p 'process.versions.node.split(".")[0]')
[[ "$BASE" == "node:$node_major-bookworm"* ]] ||
  fatal "this machine's Node $(node --version) matches the Dockerfile's FROM $BASE"
rootfs_tar=$CACHE_DIR/debian-bookworm-minbase.tar
# Rebuilt monthly, for Debian's security updates.
if [ -z "$(find "$rootfs_tar" -mtime -30 2>/dev/null)" ]; then
  rootfs=$WORK/rootfs
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 ||
    { tail -n 20 "$WORK/debootstrap.log"; fatal "debootstrap of Debian bookworm"; }
  # The official node image's user, and no package caches, documentation or translations.
  chroot "$rootfs" groupadd --gid 1000 node &&
    chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node ||
    fatal "the node user in the base image"
  rm -rf "$rootfs"/var/cache/apt/* "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/*
  find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
  tar -C "$rootfs" --numeric-owner -cf "$rootfs_tar.new" . && mv "$rootfs_tar.new" "$rootfs_tar"
  rm -rf "$rootfs"
fi
# Node and npm where the official image has them.
rootfs=$WORK/rootfs
mkdir -p "$rootfs" && tar -C "$rootfs" -xf "$rootfs_tar" || fatal "the cached Debian root file system unpacks"
node_bin=$(readlink -f "$(command -v node)")
npm_dir=$(readlink -f "$(dirname "$(readlink -f "$(command -v npm)")")/..")
mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib/node_modules"
cp "$node_bin" "$rootfs/usr/local/bin/node"
cp -r "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
tar -C "$rootfs" --numeric-owner -cf - . |
  podman import --quiet --change 'CMD ["node"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    - "docker.io/library/$BASE" >/dev/null ||
  fatal "base image $BASE imported"
rm -rf "$rootfs"
echo "base image in $((SECONDS - step_started))s"

echo "--- podman build"
step_started=$SECONDS
# Docker's image format: the OCI format drops HEALTHCHECK. The build's RUN steps use the host's network,
# and trust what this machine's Node trusts (a proxy's CA in NODE_EXTRA_CA_CERTS). --layers=false: no
# commit of each step (the install's node_modules alone is over 100,000 files); CI starts clean anyway.
ca_args=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  ca_args=(--volume "$NODE_EXTRA_CA_CERTS:/run/host-ca.pem:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.pem)
fi
if podman build --pull=never --layers=false --format docker --network host "${ca_args[@]}" --tag "$IMAGE" . >"$WORK/build.log" 2>&1; then
  pass "image builds from the Dockerfile (--pull=never) in $((SECONDS - step_started))s"
else
  tail -n 40 "$WORK/build.log"
  fatal "image builds from the Dockerfile (--pull=never)"
fi

size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
base_size=$(podman image inspect --format '{{.Size}}' "docker.io/library/$BASE")
app_mb=$(((size - base_size) / 1000000))
echo "image size: $((size / 1000000)) MB ($size bytes): base $((base_size / 1000000)) MB + app $app_mb MB"
check "the app's layers weigh ${app_mb} MB, at most $APP_LAYERS_BUDGET_MB MB" test "$app_mb" -le "$APP_LAYERS_BUDGET_MB"
config=$(podman image inspect --format '{{.Config.User}} {{json .Config.Volumes}} {{json .Config.Healthcheck.Test}}' "$IMAGE")
check "the image runs as node, declares VOLUME /data and a HEALTHCHECK" \
  grep -q '^node {"/data":{}} \[.*healthz' <<<"$config"
# lean: none of these paths in the image (the command prints those it finds).
lean() {
  podman run --rm --network none "$IMAGE" sh -c 'ls -d apps/api/src apps/web/src apps/web/e2e packages \
    node_modules apps/*/node_modules/.pnpm/typescript@* apps/*/node_modules/.pnpm/vitest@* 2>/dev/null' \
    2>/dev/null | grep . >&2 && return 1
  return 0
}
check "the image holds no sources, tests or dev dependencies" lean

# ---------------------------------------------------------------------------------------------------
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
status_of() { curl -s -o /dev/null --max-time 10 -w '%{http_code}' "$@"; }
# answers PATH: 200 for a GET of PATH.
answers() { [ "$(status_of "$origin$1")" = 200 ]; }
wait_ready() {
  for _ in $(seq 1 90); do
    answers /readyz && return 0
    [ "$(podman inspect --format '{{.State.Running}}' "$1")" = true ] || break
    sleep 1
  done
  podman logs --tail 30 "$1" >&2
  return 1
}
# post PATH JSON: POST with the cookie jar; prints the body and fails unless 2xx.
post() {
  curl -s --max-time 15 -b "$WORK/cookies" -c "$WORK/cookies" -H 'content-type: application/json' \
    -o "$WORK/body" -w '%{http_code}' -d "$2" "$origin$1" >"$WORK/status"
  grep -q '^2' "$WORK/status" || { echo "POST $1: $(cat "$WORK/status") $(cat "$WORK/body" 2>/dev/null)" >&2; return 1; }
}
revenue_total() { curl -s --max-time 10 "$origin/api/revenue" | node -pe 'JSON.parse(require("fs").readFileSync(0)).totalRevenue' 2>/dev/null; }
# home_renders: / answers 200 with the page rendered into #root (a file: grep -q on a pipe would cut
# curl off, and pipefail would count that as a failure).
home_renders() {
  [ "$(curl -s --max-time 10 -o "$WORK/home" -w '%{http_code}' "$origin/")" = 200 ] &&
    grep -q 'id="root"><' "$WORK/home"
}
# No systemd runs the HEALTHCHECK on a timer here (podman logs that it cannot): `healthcheck run` does.
healthy() { podman healthcheck run "$1" 2>/dev/null; }
# serve NAME ARGS...: the image on this machine's network, at $port on 127.0.0.1.
serve() {
  local name=$1
  shift
  podman run -d --name "$name" --network host -e HOST=127.0.0.1 -e PORT="$port" "$@" "$IMAGE" \
    >/dev/null 2>"$WORK/run.log" || { cat "$WORK/run.log" >&2; return 1; }
}
# owned_by_node NAME: every file under /data belongs to node.
owned_by_node() {
  local others
  others=$(podman exec "$1" find /data ! -user node) && [ -z "$others" ] || { echo "$others" | head >&2; return 1; }
}
today=$(date -u +%F)
admin='{"username":"ci-admin","password":"image check password 1","email":"ci@example.com"}'

# probes NAME CONTAINER: the checks both databases share.
probes() {
  check "$1: / answers 200 with the server-rendered page" home_renders
  check "$1: /api/revenue answers 200" answers /api/revenue
  check "$1: /readyz answers 200" answers /readyz
  check "$1: the image's HEALTHCHECK reports healthy" healthy "$2"
  check "$1: the server runs as node (uid 1000)" test "$(podman exec "$2" id -u 2>&1)" = 1000
  check "$1: the first account registers" post /api/register "$admin"
  check "$1: a revenue entry is saved" \
    post /api/revenue "{\"amount\":\"1234.56\",\"source\":\"ai\",\"description\":\"Image check\",\"date\":\"$today\"}"
  check "$1: /api/revenue shows it" test "$(revenue_total)" = 1234.56
}

# logs_if_failed NAME: the container's last lines when a check failed since the last call.
failed_before=0
logs_if_failed() {
  [ "$failed" -gt "$failed_before" ] && podman logs --tail 40 "$1" 2>/dev/null | cut -c1-400 >&2
  failed_before=$failed
}

echo "--- on the embedded database, DATA_DIR in the volume $RUN_ID-data"
port=$(free_port)
origin=http://127.0.0.1:$port
rm -f "$WORK/cookies"
podman volume create "$RUN_ID-data" >/dev/null
serve "$RUN_ID-embedded" -v "$RUN_ID-data:/data"
if check "embedded: starts and is ready" wait_ready "$RUN_ID-embedded"; then
  probes embedded "$RUN_ID-embedded"
  check "embedded: a milestone is saved" post /api/milestones \
    "{\"title\":\"Image check\",\"description\":\"Saved before a restart\",\"date\":\"$today\",\"day\":1,\"isRevenue\":0,\"amount\":null}"
  milestone=$(node -pe 'JSON.parse(require("fs").readFileSync(process.argv[1])).id' "$WORK/body" 2>/dev/null)
  check "embedded: its preview image renders (satori, resvg and the fonts load)" \
    test "$(curl -s -o /dev/null --max-time 20 -w '%{http_code} %{content_type}' "$origin/milestones/$milestone/og.png")" = '200 image/png'
  check "embedded: every file in DATA_DIR belongs to node" owned_by_node "$RUN_ID-embedded"
  podman restart -t 20 "$RUN_ID-embedded" >/dev/null 2>"$WORK/run.log" || cat "$WORK/run.log" >&2
  check "embedded: restarts on its volume" wait_ready "$RUN_ID-embedded"
  check "embedded: the revenue entry survived the restart" test "$(revenue_total)" = 1234.56
  check "embedded: the admin signs in after the restart" \
    post /api/login '{"username":"ci-admin","password":"image check password 1"}'
fi
logs_if_failed "$RUN_ID-embedded"
podman rm --ignore -f -v -t 5 "$RUN_ID-embedded" >/dev/null 2>&1

echo "--- on PostgreSQL, a new database $PG_DATABASE at 127.0.0.1:5432"
port=$(free_port)
origin=http://127.0.0.1:$port
rm -f "$WORK/cookies"
if check "postgres: a fresh database is created" psql "$PG_URL" -qc "create database $PG_DATABASE"; then
  pg_app_url=$(node -e 'const u=new URL(process.argv[1]); u.pathname="/"+process.argv[2]; console.log(u.href)' "$PG_URL" "$PG_DATABASE")
  serve "$RUN_ID-postgres" -e DATABASE_URL="$pg_app_url" -e SESSION_SECRET="$(head -c 48 /dev/urandom | base64 -w0)"
  if check "postgres: starts and is ready" wait_ready "$RUN_ID-postgres"; then
    probes postgres "$RUN_ID-postgres"
    check "postgres: the entry is in PostgreSQL" \
      test "$(psql "$pg_app_url" -tAc 'select sum(amount) from revenues')" = 1234.56
  fi
  logs_if_failed "$RUN_ID-postgres"
fi
