#!/usr/bin/env bash
# Runs a command as one stage of `make test` and reports how long it took:
#   scripts/timed.sh NAME COMMAND [ARGS...]
# prints "stage NAME: S s (exit N)" when the command ends and appends the same line to the file
# named by STAGE_LOG, when set, so that `make test` can list every stage at its end. The
# command's exit status is passed on unchanged.
set -uo pipefail
name=$1
shift
start=$EPOCHREALTIME
"$@"
status=$?
line=$(awk -v a="$start" -v b="$EPOCHREALTIME" -v n="$name" -v s="$status" 'BEGIN { printf "stage %-14s %7.1f s (exit %d)", n, b - a, s }')
echo "$line" >&2
if [ -n "${STAGE_LOG:-}" ]; then echo "$line" >>"$STAGE_LOG"; fi
exit "$status"
