#!/usr/bin/env bash
# HTTP latency of the search API on loopback (docs/behaviour.md, "Budgets"): an open-loop run at a constant 500
# requests/s for 20 s (the Go generator in this folder; wrk has no rate control and Debian has
# no wrk2), then a short closed-loop wrk run for the saturation throughput.
# Usage: bench/search/http/run.sh [flags of go run ./bench/search/http]   (after make build)
set -euo pipefail
cd "$(dirname "$0")/../../.."
[ -x bin/tzdocs ] || { echo "bench/search/http: bin/tzdocs is missing; run make build" >&2; exit 1; }

echo "== search over HTTP, 500 req/s for 20 s, open loop"
go run ./bench/search/http "$@"

echo "== search over HTTP, memory under bursts of the largest requests"
go run ./bench/search/http -burst 12 -rounds 5

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y -qq wrk >/dev/null 2>&1 || true
  fi
fi
if ! command -v wrk >/dev/null; then
  echo "(wrk not installed: apt-get install wrk for the saturation run)"
  exit 0
fi

echo "== search over HTTP, saturation: wrk, 1 thread, 8 connections, 5 s, closed loop"
tmp=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
TZDOCS_DATABASE_URL="file:$tmp/tzdocs.db" bin/tzdocs serve --dir dist --addr "127.0.0.1:$port" --no-rate-limits >"$tmp/server.log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
for _ in $(seq 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$tmp/server.log" >&2; exit 1; }
  sleep 0.1
done
QUERIES=bench/search/queries.tsv wrk -t1 -c8 -d5s --latency -s bench/search/http/queries.lua "http://127.0.0.1:$port" |
  grep -E 'Latency|50%|99%|Requests/sec|wrk:|Non-2xx|Socket errors'
