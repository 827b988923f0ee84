#!/usr/bin/env bash
# Runs the benchmarks and prints their figures; record them in bench/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== site build and page weight"
go run ./bench/build
echo
echo "== The writer's loop: tzdocs dev from a save to the reload event"
go run ./bench/devloop
echo
echo "== Markdown conversion (per page, warm highlight cache)"
go test -run '^$' -bench 'BenchmarkConvert$' -benchtime 200x ./internal/markdown/ | grep Benchmark
echo
echo "== Whole-site conversion, cold highlight cache (median of 5 is the figure)"
go test -run '^$' -bench 'BenchmarkConvertSite$' -count 5 ./internal/sitebuild/ | grep Benchmark
echo
echo "== Highlighting the site's code blocks: our scanners against chroma's lexers"
go test -run '^$' -bench 'BenchmarkSiteBlocks' -benchtime 10x ./internal/highlight/ | grep Benchmark
echo
echo "== Search relevance and in-process latency on the built records"
go run ./bench/search
go test -run '^$' -bench 'BenchmarkSearch$|BenchmarkNewIndex10k$' ./internal/search/ | grep Benchmark
echo
echo "== Serving a static file in-process: routing, headers, request metrics (median of 5 is the figure)"
go test -run '^$' -bench 'BenchmarkStaticFile$' -count 5 ./internal/server/ | grep Benchmark
echo
echo "== Serving a page over loopback: tzdocs serve, a minimal net/http handler and nginx (when installed), one run"
go run ./bench/serve
echo
echo "== Text for language models, and the MCP server's search_docs and get_page"
go run ./bench/mcp
go test -run '^$' -bench 'BenchmarkSearchDocs$' ./internal/mcp/ | grep Benchmark
echo
echo "== Feedback store: the write each Ask AI answer costs, and an admin session lookup (SQLite, fsync per commit)"
go test -run '^$' -bench 'BenchmarkAddExchange$|BenchmarkSessionLookup$' -count 3 ./internal/feedback/store/sqlite/ | grep Benchmark
echo
echo "== The dashboard's views on a year of seeded data (SQLite; add -pg URL for PostgreSQL)"
go run ./bench/dashboard -runs 3
echo
echo "== Public Docusaurus 3 repositories built as they are (needs their snapshots; see the program's comment)"
if [ -d /work/.mirror/reduxjs+redux ]; then go run ./bench/docusaurus-sites; else echo "skipped: no snapshots in /work/.mirror"; fi
echo
echo "== Ask AI over HTTP (extractive engine)"
go run ./bench/assistant -gate=false
echo
echo "== Lighthouse 12 (mobile) in Debian's Chromium"
(cd bench/lighthouse && npm ci --no-audit --no-fund --loglevel=error)
node bench/lighthouse/run.mjs
echo
echo "== The same content built by Docusaurus 3.9.2 (Faster, Rspack) and by tzdocs, alternating"
# 1,300 packages: installed again only when the lock file changed.
if [ ! bench/docusaurus/node_modules/.installed -nt bench/docusaurus/package-lock.json ]; then
  (cd bench/docusaurus && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed)
fi
go run ./bench/docusaurus
echo; bench/search/pagefind/run.sh
echo; bench/search/http/run.sh
echo
echo "== Deploying as docs/deploying.md says: restarts behind nginx under load (skips without nginx)"
go run ./bench/deploy
