#!/usr/bin/env bash
# Runs a build command and fails if the compiler warned about any file of ours (Sources/, Tests/,
# bench/). In CI's fresh clone every file is compiled, so `make test` holds the tree at zero
# warnings there; an incremental build only shows the files it recompiles. Dependencies' warnings
# are not ours and are let through.
set -uo pipefail
log=$(mktemp)
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
root=$(pwd)
ours=$(grep -E "^$root/(Sources|Tests|bench)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u)
rm -f "$log"
[ "$status" -eq 0 ] || exit "$status"
if [ -n "$ours" ]; then
    echo "build: the compiler warned about our code, which is kept at zero warnings:" >&2
    echo "$ours" >&2
    exit 1
fi
