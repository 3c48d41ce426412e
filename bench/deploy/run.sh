#!/usr/bin/env bash
# The compose file as users start it: deploy/compose.yaml with podman-compose (Debian's), on
# its own bridge network (service names, the two API replicas behind one name), with
# bench/deploy/compose.test.yaml swapping in the test images of PostgreSQL and the S3 store.
# Measures and checks, each result a line in $OUT/results.txt:
#   cold start: `up -d` to the first 200 on / through the shell, and to the API's health;
#   migrations: two API replicas and two workers starting together on a fresh database;
#   a pipeline of 20 invoices through the two replicas and the two workers (time, jobs per
#   worker, nothing done twice); the same with one worker stopped while it holds a job;
#   PostgreSQL stopped for 10 s (what the API answers meanwhile, that it recovers unrestarted).
#
# Needs the images (tag test): `node scripts/deploy-lane.mjs --build` or deploy/test.sh, and
# podman-compose (apt-get install podman-compose). Ports 13100-13105 (shell, remotes), 18334
# (S3), 15433 (PostgreSQL, for the benchmark's queries). KEEP=1 leaves the stack up; FILES=20.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="${OUT:-/tmp/quarry-compose-bench}"
FILES="${FILES:-20}"
PROJECT=quarry-bench
SHELL_PORT=13100 S3_PORT=18334 PG_PORT=15433
SHELL_URL="http://localhost:$SHELL_PORT"
DB_URL="postgres://quarry@127.0.0.1:$PG_PORT/quarry"
log() { echo "[$(date -u +%H:%M:%S)] $*"; }
result() { echo "$*" | tee -a "$OUT/results.txt"; }
ms() { date +%s%3N; }
wait_http() { # url seconds [status]
  local end=$(( $(date +%s) + $2 )) code=
  while [ "$(date +%s)" -lt "$end" ]; do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$1" || true)
    [ "$code" = "${3:-200}" ] && return 0
    sleep 0.25
  done
  echo "timeout waiting for $1 (last status $code)" >&2; return 1
}

mkdir -p "$OUT"
: >"$OUT/results.txt"
# one file: podman-compose 1.0.3 appends lists when it merges two (bench/deploy/merge.mjs)
node "$ROOT/bench/deploy/merge.mjs" "$ROOT/deploy/compose.yaml" "$ROOT/bench/deploy/compose.test.yaml" >"$OUT/compose.yaml"
# .env: .env.example with this machine's address for S3 (the browser on this host and the
# containers both reach it there), ports moved off the defaults, fresh secrets
host_ip=$(hostname -I | awk '{print $1}')
ENVF="$OUT/.env"
grep -E '^[A-Z0-9_]+=' "$ROOT/deploy/.env.example" >"$ENVF"
setenv() { sed -i "/^$1=/d" "$ENVF"; echo "$1=$2" >>"$ENVF"; }
hex() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
setenv QUARRY_TAG test
setenv SHELL_PORT $SHELL_PORT
setenv S3_PUBLIC_PORT $S3_PORT
setenv BENCH_PG_PORT $PG_PORT
n=1; for r in MARKETING FILES PROMPTS_SCHEMAS JOBS ADMIN; do
  setenv "MF_${r}_PORT" $((SHELL_PORT + n)); setenv "REMOTE_${r}_URL" "http://localhost:$((SHELL_PORT + n))/mf-manifest.json"; n=$((n + 1))
done
setenv JWT_SECRET "$(hex)"
setenv STORAGE_SIGNING_SECRET "$(hex)"
setenv POSTGRES_PASSWORD "$(hex)"
setenv S3_ACCESS_KEY_ID S3RVER
setenv S3_SECRET_ACCESS_KEY S3RVER
setenv S3_ENDPOINT "http://$host_ip:$S3_PORT"
setenv CORS_ORIGINS "$SHELL_URL"
setenv QUARRY_ADMIN_PASSWORD "Compose-Bench-Admin-Passphrase-2026"
cd "$OUT"
PC=(podman-compose -p "$PROJECT" -f compose.yaml)
# podman-compose's down leaves a container that is slow to stop on a loaded machine: removed by force
down() { "${PC[@]}" down -v -t 2 >>"$OUT/compose.log" 2>&1 || true; podman rm -f -t 2 $(podman ps -aq --filter "name=${PROJECT}_") >/dev/null 2>&1 || true; podman volume rm -f "${PROJECT}_pgdata" "${PROJECT}_s3data" >/dev/null 2>&1 || true; }
trap '[ -n "${KEEP:-}" ] || down' EXIT
down

log "1. podman-compose up -d (fresh volumes)"
t0=$(ms)
"${PC[@]}" up -d >>"$OUT/compose.log" 2>&1
up_ms=$(( $(ms) - t0 ))
wait_http "$SHELL_URL/" 600
first_ms=$(( $(ms) - t0 ))
wait_http "$SHELL_URL/api/v1/health" 600
health_ms=$(( $(ms) - t0 ))
result "cold start: podman-compose up -d returned in ${up_ms} ms; first 200 on / after ${first_ms} ms; /api/v1/health 200 after ${health_ms} ms"
podman ps --filter "name=${PROJECT}_" --format '{{.Names}} {{.Status}}' | sort >"$OUT/containers.txt"
result "containers: $(wc -l <"$OUT/containers.txt") ($(awk '{print $1}' "$OUT/containers.txt" | sed "s/${PROJECT}_//" | tr '\n' ' '))"

psql_() { podman exec "${PROJECT}_postgres_1" psql -U quarry -d quarry -tAc "$1"; }
for _ in $(seq 1 60); do [ "$(psql_ "select count(*) from users where is_superuser" 2>/dev/null)" = 1 ] && break; sleep 1; done
journal=$(grep -c '"tag"' "$ROOT/api/drizzle/meta/_journal.json")
result "migrations (2 API replicas + 2 workers started together on a fresh database): $(psql_ 'select count(*) from drizzle.__drizzle_migrations') rows, $(psql_ 'select count(distinct hash) from drizzle.__drizzle_migrations') distinct, journal $journal; superusers $(psql_ 'select count(*) from users where is_superuser')"
restarts=$(for c in api_1 api_2 worker_1 worker_2; do podman inspect --format "$c {{.RestartCount}}" "${PROJECT}_$c"; done | tr '\n' ' ')
result "restarts during the cold start: $restarts"

log "2. a pipeline of $FILES invoices through 2 API replicas and 2 workers"
(cd "$ROOT" && node deploy/test/pipeline.mjs "$SHELL_URL" "$DB_URL" --files "$FILES") >"$OUT/pipeline.json"
result "pipeline, 2 workers: $(cat "$OUT/pipeline.json")"
for c in api_1 api_2; do result "  $c served $(podman logs "${PROJECT}_$c" 2>&1 | grep -c '"url":"/api/v1/' || true) logged requests"; done

log "3. the same, worker_1 stopped (SIGTERM) while it holds a job"
w1=$(podman inspect --format '{{.Config.Hostname}}' "${PROJECT}_worker_1")
(cd "$ROOT" && node deploy/test/pipeline.mjs "$SHELL_URL" "$DB_URL" --files "$FILES" --stop-owner "$w1" --stop "podman stop -t 15 ${PROJECT}_worker_1 >/dev/null") >"$OUT/pipeline-stop.json"
result "pipeline, worker_1 ($w1) stopped mid-run: $(cat "$OUT/pipeline-stop.json")"
podman start "${PROJECT}_worker_1" >/dev/null

log "4. PostgreSQL stopped for 10 s"
before=$(podman inspect --format '{{.Id}} {{.State.StartedAt}} {{.RestartCount}}' "${PROJECT}_api_1" "${PROJECT}_api_2")
podman stop -t 5 "${PROJECT}_postgres_1" >/dev/null
down_at=$(ms)
sleep 2
h=$(curl -s -i --max-time 10 "$SHELL_URL/api/v1/health" | tr -d '\r' | grep -iE '^HTTP/|^retry-after|^\{' | tr '\n' ' ')
l=$(curl -s -i --max-time 10 -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data 'username=nobody@example.com&password=x' "$SHELL_URL/api/v1/auth/login" | tr -d '\r' | grep -iE '^HTTP/|^retry-after|^\{' | tr '\n' ' ')
left=$(( 10000 - ( $(ms) - down_at ) )); [ "$left" -gt 0 ] && sleep "$(awk "BEGIN {print $left / 1000}")"
podman start "${PROJECT}_postgres_1" >/dev/null
up_at=$(ms)
wait_http "$SHELL_URL/api/v1/health" 120
after=$(podman inspect --format '{{.Id}} {{.State.StartedAt}} {{.RestartCount}}' "${PROJECT}_api_1" "${PROJECT}_api_2")
result "database down: GET /api/v1/health → $h"
result "database down: POST /api/v1/auth/login → $l"
result "database back: /api/v1/health 200 after $(( $(ms) - up_at )) ms; API containers restarted: $([ "$before" = "$after" ] && echo no || echo YES)"
(cd "$ROOT" && node deploy/test/pipeline.mjs "$SHELL_URL" "$DB_URL" --files 2) >"$OUT/pipeline-after.json" && result "after the outage: a pipeline of 2 completes" || result "after the outage: the pipeline FAILED: $(cat "$OUT/pipeline-after.json")"
log "results: $OUT/results.txt"
