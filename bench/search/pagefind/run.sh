#!/usr/bin/env bash
# Search quality of Pagefind next to ours on bench/search/queries.tsv over dist/.
# Usage: bench/search/pagefind/run.sh [-v] [-no-ours]   (after make build)
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -d node_modules/pagefind ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
cd ../../..
echo "== search quality: tzdocs and Pagefind on bench/search/queries.tsv"
node bench/search/pagefind/bench.mjs "$@"
