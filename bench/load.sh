#!/usr/bin/env bash
# Load test of the HTTP service with wrk (Debian package `wrk`), on 127.0.0.1 only, bounded in time.
#   bench/load.sh [SECONDS=10] [CONNECTIONS=64] [WORKERS="1 2"]
# For each worker count, starts the service as `mjscore serve --workers N` does (api.server: the
# same limits), drives POST /v1/score (the README's MCR hand) and then GET /healthz (the baseline)
# for SECONDS each, and prints req/s, p50/p99 latency, errors and the score / healthz ratio. Then
# the same hand with "explain": true (every reading: the scoring threads' way, not the compiled
# path's, see api/lane.py), for SECONDS more, outside the ratio.
# The server, wrk and any other load share the machine's cores: note what else was running.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-10}
CONNECTIONS=${2:-64}
WORKER_COUNTS=${3:-"1 2"}
PORT=${PORT:-8765}
PY=${PY:-.venv/bin/python}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }

LUA=$(mktemp --suffix=.lua)
EXPLAIN=$(mktemp --suffix=.lua)
OUT=$(mktemp)
SERVER=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -f "$LUA" "$EXPLAIN" "$OUT"
}
trap cleanup EXIT
cat > "$LUA" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"self_draw": true, "seat_wind": "S"}}'
LUA
cat > "$EXPLAIN" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"variant": "mcr", "hand": "[123m]456789m555pCC", "context": {"self_draw": true, "seat_wind": "S"}, "explain": true}'
LUA

run() {  # name, extra wrk args...
  local name=$1; shift
  wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --timeout 10s --latency "$@" > "$OUT"
  local rps p50 p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' "$OUT")
  p50=$(awk '$1 == "50%" {print $2}' "$OUT")
  p99=$(awk '$1 == "99%" {print $2}' "$OUT")
  errors=$(awk '/Non-2xx/ {n += $NF} /Socket errors/ {gsub(",", ""); n += $4 + $6 + $8 + $10} END {print n + 0}' "$OUT")
  printf "  %-10s %10s req/s   p50 %8s   p99 %8s   errors %s\n" "$name" "$rps" "$p50" "$p99" "$errors"
  eval "RPS_$name=$rps"
}

echo "connections: $CONNECTIONS, ${SECONDS_EACH}s per endpoint, $(nproc) cores, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for WORKERS in $WORKER_COUNTS; do
  "$PY" -m api.server --host 127.0.0.1 --port "$PORT" --workers "$WORKERS" --log-level warning &
  SERVER=$!
  for _ in $(seq 1 150); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
    sleep 0.1
  done
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "server did not start" >&2; exit 1; }
  echo "mjscore serve --workers $WORKERS"
  run score -s "$LUA" "http://127.0.0.1:$PORT/v1/score"
  run healthz "http://127.0.0.1:$PORT/healthz"
  awk -v a="$RPS_score" -v b="$RPS_healthz" 'BEGIN {printf "  score / healthz: %.2f\n", a / b}'
  run explain -s "$EXPLAIN" "http://127.0.0.1:$PORT/v1/score"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  SERVER=
done
