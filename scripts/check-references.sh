#!/usr/bin/env bash
# Checks that the repository explains itself: its code, tests and documents point only to what a
# clone contains. It fails on
#   - a mention of a document or tracker that lives outside the repository: the words SPEC or
#     DESIGN.md, "spec §N", "the spec" / "the spec's", or "issue N" / "issue #N" (say the rule
#     itself, or point to docs/);
#   - a relative Markdown link to a file that does not exist.
# Content (site/, the fixture sites, testdata/) is the writers' text and is left out.
# Run from the repository root: `bash scripts/check-references.sh` (`make lint` runs it).
set -euo pipefail
cd "$(dirname "$0")/.."

status=0

# Every tracked file of code, tests and documents, minus content and this script (which names the
# words it looks for).
files() {
  git ls-files --cached --others --exclude-standard -- cmd internal web e2e bench docs tools scripts README.md CONTRIBUTING.md Makefile |
    grep -vE '(^|/)node_modules(/|$)|^e2e/fixture-site/|(^|/)testdata/|^scripts/check-references\.sh$'
}

words='\bSPEC\b|DESIGN\.md|\b[Ss]pec(ification)?( ?§| section [0-9])|\b[Tt]he spec(ification)?\b|\b[Ii]ssues? #?[0-9]+\b'
if hits=$(files | xargs -d '\n' grep -nIE "$words" --); then
  echo "check-references: these lines point to documents a clone does not contain; say the rule"
  echo "itself, or point to a file in the repository (docs/behaviour.md, docs/architecture.md,"
  echo "docs/decisions/):"
  echo "$hits"
  status=1
fi

# Relative links of the repository's own Markdown files: [text](path) and [text](path#anchor).
while IFS= read -r md; do
  dir=$(dirname "$md")
  # Fenced code blocks are left out: their brackets are code, not links.
  while IFS=: read -r line target; do
    path=${target%%#*}
    [ -z "$path" ] && continue
    case "$path" in
      http:* | https:* | mailto:* | /* | \<*) continue ;;
    esac
    if [ ! -e "$dir/$path" ]; then
      echo "$md:$line: the link to $target names a file that does not exist; fix the path or drop the link"
      status=1
    fi
  done < <(awk '/^[ \t]*```/ { fence = !fence; next } !fence { print NR ":" $0 }' "$md" |
    grep -oE '^[0-9]+:|\]\([^) ]+\)' |
    awk '/^[0-9]+:$/ { n = substr($0, 1, length($0) - 1); next } { print n ":" substr($0, 3, length($0) - 3) }')
done < <(files | grep -E '\.md$')

# A decision record named anywhere (a comment's "see docs/decisions/0005-….md") must exist. (Other
# docs/… paths in code are mostly pages of a site's content folder, also called docs/.)
while IFS=: read -r file line name; do
  if [ ! -e "$name" ]; then
    echo "$file:$line: $name does not exist; name a record of docs/decisions/"
    status=1
  fi
done < <(files | xargs -d '\n' grep -noIE '\bdocs/decisions/[A-Za-z0-9_.-]+\.md\b' --)

exit $status
