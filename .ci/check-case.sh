#!/usr/bin/env bash
# Fails when two tracked paths (files or the folders that hold them) differ only in letter case:
# macOS's and Windows' default file systems would merge them, and the clone would be broken.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=$(git ls-files | awk -F/ '{ p = ""; for (i = 1; i <= NF; i++) { p = (i == 1 ? $i : p "/" $i); print p } }' \
    | sort -u | sort -f | uniq -di)
if [ -n "$pairs" ]; then
    echo "check-case: these tracked paths differ from others only in letter case (rename one of each):" >&2
    for p in $pairs; do git ls-files | awk -F/ -v p="$p" 'BEGIN { lp = tolower(p) } { q = ""; for (i = 1; i <= NF; i++) { q = (i == 1 ? $i : q "/" $i); if (tolower(q) == lp) print "  " q } }' | sort -u >&2; done
    exit 1
fi
echo "check-case: no two tracked paths differ only in letter case"
