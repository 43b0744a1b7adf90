#!/usr/bin/env bash
# The closing note of make test: how many comparisons against something we did not write ran
# (reference images, decoders, ffprobe, Python references, Chromium), summed from the lines the
# tests append to $SYMBOLREEL_REFERENCE_LOG (SymbolTestSupport's ReferenceLog).
set -euo pipefail
log="$1"
if [ ! -s "$log" ]; then
    echo "independent comparisons: none ran ($log is empty or missing)" >&2
    exit 1
fi
echo "independent comparisons that ran:"
awk -F'\t' '{ n[$1] += $2 } END { for (k in n) printf "%8d  %s\n", n[k], k }' "$log" | sort -k1,1nr
awk -F'\t' '{ all += $2 } END { printf "%8d  in all\n", all }' "$log"
