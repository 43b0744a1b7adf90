#!/usr/bin/env bash
# The closing note of make test: how many comparisons against references ran, summed from the
# lines the tests append to $SYMBOLREEL_REFERENCE_LOG (SymbolTestSupport's ReferenceLog), grouped
# by where each reference's rules came from. Only "independent" ones (codec libraries, players,
# Chromium, resvg on plain SVG, format parsers) count as independent; a Python reference written
# from the same reading as the Swift is listed apart ("shared reading"), as are the checks of a
# symbol's evident design on fixtures that copy real files' structure.
set -euo pipefail
log="$1"
if [ ! -s "$log" ]; then
    echo "independent comparisons: none ran ($log is empty or missing)" >&2
    exit 1
fi
section() {
    local kind="$1" title="$2"
    awk -F'\t' -v k="$kind" '($3 == "" ? "independent" : $3) == k { n[$1] += $2; any = 1 }
        END { if (!any) exit; for (x in n) printf "%8d  %s\n", n[x], x }' "$log" | sort -k1,1nr > "$log.$kind"
    if [ -s "$log.$kind" ]; then
        echo "$title:"
        cat "$log.$kind"
        awk '{ all += $1 } END { printf "%8d  in all\n", all }' "$log.$kind"
    fi
    rm -f "$log.$kind"
}
section independent "independent comparisons that ran (rules from programs and data we did not write)"
section evident-design "evident-design checks that ran (fixtures copying real files' structure, judged by what the symbol shows)"
section shared-reading "shared-reading comparisons that ran (a second implementation of our own reading: not independent)"
