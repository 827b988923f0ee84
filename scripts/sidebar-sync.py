#!/usr/bin/env python3
"""Comment out sidebar entries whose doc does not exist yet, and uncomment those that now exist.

Run from the project root: python3 scripts/sidebar-sync.py. The sidebars must never name a missing
doc (a build error), and pages are never stubbed, so entries wait commented until their page lands.
"""
import os
import re
import sys

path = "site/sidebars.yaml"
docs = "site/docs"
line_re = re.compile(r"^(\s*)(# )?(- |link: )([A-Za-z0-9_./-]+)\s*$")


def exists(doc_id):
    return any(os.path.exists(os.path.join(docs, doc_id + ext)) for ext in (".md", ".mdx"))


out, changed = [], 0
for line in open(path, encoding="utf-8").read().split("\n"):
    m = line_re.match(line)
    if m and "/" in m.group(4) or (m and m.group(4) in {"tutorials", "using", "architecture", "developing", "smart-contracts", "dApps", "unity"}):
        indent, commented, prefix, doc_id = m.groups()
        want_commented = not exists(doc_id)
        if bool(commented) != want_commented:
            changed += 1
            line = f"{indent}{'# ' if want_commented else ''}{prefix}{doc_id}"
    out.append(line)
open(path, "w", encoding="utf-8").write("\n".join(out))
print(f"{path}: {changed} entries changed", file=sys.stderr)
