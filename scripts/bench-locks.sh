#!/usr/bin/env bash
# Checks that every benchmark's npm lock file installs as it stands: `npm ci` refuses a lock out of
# sync with its package.json, which breaks `make bench` on a fresh clone. `npm ci --dry-run`
# resolves the whole tree without downloading packages or writing node_modules; the benchmarks
# are checked at once, each in the background (the Docusaurus tree alone has 1,300 packages).
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dirs=()
while IFS= read -r pkg; do
  dirs+=("$(dirname "$pkg")")
done < <(find bench -name package.json -not -path '*/node_modules/*' | sort)
for i in "${!dirs[@]}"; do
  dir=${dirs[$i]}
  [ -f "$dir/package-lock.json" ] || continue
  (cd "$dir" && npm ci --dry-run --ignore-scripts --no-audit --no-fund >"$tmp/$i.out" 2>&1; echo $? >"$tmp/$i.rc") &
done
wait
failed=0
for i in "${!dirs[@]}"; do
  dir=${dirs[$i]}
  if [ ! -f "$dir/package-lock.json" ]; then
    echo "$dir: package.json has no package-lock.json beside it; run: (cd $dir && npm install --package-lock-only)"
    failed=1
  elif [ "$(cat "$tmp/$i.rc")" != 0 ]; then
    echo "$dir/package-lock.json does not install with npm ci:"
    grep -E 'Missing|Invalid|in sync|ERESOLVE|ETARGET' "$tmp/$i.out" | head -n 12
    echo "fix it with: (cd $dir && npm install --package-lock-only) and commit the lock"
    failed=1
  fi
done
if [ "$failed" = 0 ]; then echo "bench lock files: every one (${#dirs[@]}) installs with npm ci"; fi
exit "$failed"
