#!/usr/bin/env bash
# Vector clips (docs/vector.md): Lottie JSON, dotLottie and animated SVG sizes against our WebP,
# GIF and WebM of the same clip, and the vector export time against rendering the same clip's
# PNG frames.
#
#     bench/vector.sh [RELEASE_BIN]     (default .build/release/symbolreel)
#
# Clips (1080², 60 fps, opaque #F2F2F7 as the presets have it):
#   bounce    Presets/bounce-up.json at 1080² for 3 s
#   download  Presets/download-button.json, 4.2 s
# Sizes: every output at the clip's own rate and our defaults (the GIF at 30 fps, the most a
# GIF keeps; WebP lossless for these flat-coloured clips; WebM VP9 CRF 36). Times: wall clock, best of $RUNS, the whole symbolreel process
# (start-up included): `render -o clip.json --format lottie -o clip.lottie -o clip.svg` against
# `render -o frames/` (one PNG per frame), one thread each. Targets: every vector file smaller
# than the WebP, the median vector/WebP ratio ≤ 0.1, vector export faster than the PNG frames.
# Prints a markdown table; with BENCH_TSV=FILE, appends the chart's rows to FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
reel="$(realpath "${1:-.build/release/symbolreel}")"
[ -x "$reel" ] || { swift build -c release --product symbolreel >&2; reel="$(swift build -c release --show-bin-path)/symbolreel"; }
RUNS="${RUNS:-2}"
work="$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-vector.XXXXXX")"
trap 'rm -rf "$work"' EXIT
source bench/lib.sh  # now, best_time
size() { stat -c %s "$1"; }
kib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }'; }

# The 3 s 1080² bounce: the bounce-up preset at 1080² and 3 s, its paths made absolute.
python3 - "$work/bounce.json" <<'PY'
import json, os, sys
p = json.load(open("Presets/bounce-up.json"))
p["canvas"].update(width=1080, height=1080, duration=3)
p["symbol"]["source"] = os.path.abspath(os.path.join("Presets", p["symbol"]["source"]))
p["outputs"] = []
json.dump(p, open(sys.argv[1], "w"))
PY

echo "## Vector clips: Lottie, dotLottie and SVG against WebP, GIF and WebM"
echo
echo "bench/vector.sh: 1080², 60 fps. Sizes in KiB; ratios to our WebP of the same clip. Times: the whole process, best of $RUNS, one thread."
echo "Targets: every vector file smaller than the WebP, the median ratio ≤ 0.1; vector export faster than writing the PNG frames."
echo
echo "| clip | Lottie | dotLottie | SVG | WebP | GIF | WebM | Lottie / WebP | dotLottie / WebP | SVG / WebP | vector export s | PNG frames s | export / frames |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
ratios=()
times_met=met
for clip in bounce download; do
    preset="$work/bounce.json"
    [ "$clip" = download ] && preset="Presets/download-button.json"
    d="$work/$clip"; mkdir -p "$d/frames"
    "$reel" render "$preset" --threads 1 --quiet -o "$d/c.json" --format lottie -o "$d/c.lottie" -o "$d/c.svg"
    "$reel" render "$preset" --quiet -o "$d/c.webp" -o "$d/c.gif" -o "$d/c.webm"
    lottie=$(size "$d/c.json"); dot=$(size "$d/c.lottie"); svg=$(size "$d/c.svg")
    webp=$(size "$d/c.webp"); gif=$(size "$d/c.gif"); webm=$(size "$d/c.webm")
    export_s=$(best_time "$RUNS" "$reel" render "$preset" --threads 1 --quiet -o "$d/t.json" --format lottie -o "$d/t.lottie" -o "$d/t.svg")
    frames_s=$(best_time "$RUNS" "$reel" render "$preset" --threads 1 --quiet -o "$d/frames/")
    r1=$(ratio "$lottie" "$webp"); r2=$(ratio "$dot" "$webp"); r3=$(ratio "$svg" "$webp")
    ratios+=("$r1" "$r2" "$r3")
    tr=$(ratio "$export_s" "$frames_s")
    awk -v t="$tr" 'BEGIN { exit !(t < 1) }' || times_met="not met"
    echo "| $clip | $(kib "$lottie") | $(kib "$dot") | $(kib "$svg") | $(kib "$webp") | $(kib "$gif") | $(kib "$webm") | $r1 | $r2 | $r3 | $export_s | $frames_s | $tr |"
    if [ -n "${BENCH_TSV:-}" ]; then
        printf 'Vector clips\t%s: dotLottie / WebP size\t%s\t0.1\n' "$clip" "$r2" >> "$BENCH_TSV"
        printf 'Vector clips\t%s: vector export / PNG frames time\t%s\t1\n' "$clip" "$tr" >> "$BENCH_TSV"
    fi
done
median=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
largest=$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)
echo
echo "Median vector / WebP size ratio $median (target ≤ 0.1: $(awk -v m="$median" 'BEGIN { print (m <= 0.1 ? "met" : "not met") }')); largest $largest (target < 1: $(awk -v m="$largest" 'BEGIN { print (m < 1 ? "met" : "not met") }')); export faster than the PNG frames: $times_met."
