#!/usr/bin/env bash
# Checks that every benchmark's npm lock file installs as it stands: `npm ci` refuses a lock out of
# sync with its package.json, which breaks `make bench` on a fresh clone. `npm ci --dry-run`
# resolves the whole tree without downloading packages or writing node_modules.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=0
while IFS= read -r pkg; do
  dir=$(dirname "$pkg")
  if [ ! -f "$dir/package-lock.json" ]; then
    echo "$dir: package.json has no package-lock.json beside it; run: (cd $dir && npm install --package-lock-only)"
    failed=1
    continue
  fi
  if ! out=$(cd "$dir" && npm ci --dry-run --ignore-scripts --no-audit --no-fund 2>&1); then
    echo "$dir/package-lock.json does not install with npm ci:"
    echo "$out" | grep -E 'Missing|Invalid|in sync|ERESOLVE|ETARGET' | head -n 12
    echo "fix it with: (cd $dir && npm install --package-lock-only) and commit the lock"
    failed=1
  fi
done < <(find bench -name package.json -not -path '*/node_modules/*' | sort)
if [ "$failed" = 0 ]; then echo "bench lock files: every one installs with npm ci"; fi
exit "$failed"
