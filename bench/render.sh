#!/usr/bin/env bash
# Render stage per preset: the frames per second `symbolreel render PRESET -o null --timings
# --threads 1` reports for its render stage (busy time of the one render worker), every shipped
# preset at its own canvas size, with the November 2026 speed work's targets; then the
# download-button clip exported as GIF and as WebP with the default settings, wall clock, and their
# ratio.
#
#     bench/render.sh [RELEASE_BIN]      (default .build/release/symbolreel; about a minute)
#
# Targets (set by the November 2026 speed work; "before" = the render stage measured on the
# release before it):
#   download-button ≥ 4× 27.6 fps, appear-up ≥ 5× 147 fps, every preset ≥ 100 fps;
#   WebP default export ≤ 2× the GIF's export time for the same clip, its size ≤ 1.1× the default before
#   that work (BASELINE_BIN=OLD_SYMBOLREEL also times that binary side by side, and renders every
#   preset with it right after ours for a ratio; RENDER_RUNS=N takes the best of N runs of each).
# With BENCH_TSV=FILE, appends the chart's rows to FILE. ONLY=webp runs the WebP part alone.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-.build/release/symbolreel}")"
if [ -d "$bin" ]; then bin="$bin/symbolreel"; fi
work="$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-render.XXXXXX")"
trap 'rm -rf "$work"' EXIT
source bench/lib.sh  # now
met() { awk -v v="$1" -v t="$2" 'BEGIN { print (v >= t ? "met" : "**not met**") }'; }
chart() { if [ -n "${BENCH_TSV:-}" ]; then printf 'Render stage\t%s\t%s\t%s\thigher\n' "$1" "$2" "$3" >> "$BENCH_TSV"; fi; }

if [ "${ONLY:-}" != webp ]; then
echo "## Render stage per preset (one thread, its own canvas size)"
echo
echo "\`symbolreel render PRESET -o null --timings --threads 1\`: the render stage's busy time only (no encoding). Load average $(cut -d' ' -f1-3 /proc/loadavg)."
echo
# render_fps BIN PRESET: the render stage's fps, best of RENDER_RUNS (default 1), and the frame count.
render_fps() {
    local best="" out fps frames=""
    for _ in $(seq "${RENDER_RUNS:-1}"); do
        out=$("$1" render "$2" -o null --timings --threads 1 --quiet 2>&1 || true)
        fps=$(echo "$out" | grep -E '^ *render \(' | awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "fps") { print $i; exit } }')
        frames=$(echo "$out" | sed -n 's/^timings: \([0-9]*\) frames.*/\1/p' | head -1)
        if [ -n "$fps" ] && { [ -z "$best" ] || awk -v a="$fps" -v b="$best" 'BEGIN { exit !(a > b) }'; }; then best=$fps; fi
    done
    echo "$best $frames"
}
baseline="${BASELINE_BIN:+$(realpath "$BASELINE_BIN")}"
if [ -n "$baseline" ]; then
    echo "With BASELINE_BIN: each preset rendered by that binary right after ours, best of ${RENDER_RUNS:-1} each; ratio = ours / baseline."
    echo
    echo "| preset | canvas | frames | render fps | target | met | baseline fps | ratio |"
    echo "|---|---|---:|---:|---|:---:|---:|---:|"
else
    echo "| preset | canvas | frames | render fps | target | met |"
    echo "|---|---|---:|---:|---|:---:|"
fi
slowest=""
for preset in Presets/*.json; do
    name="$(basename "$preset" .json)"
    [ "$name" = schema ] && continue
    size=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1])).get("canvas",{}); print("%sx%s" % (c.get("width","?"), c.get("height","?")))' "$preset" 2>/dev/null || echo "?")
    read -r fps frames < <(render_fps "$bin" "$preset") || true
    if [ -z "$fps" ]; then echo "| $name | $size | | failed | | |"; continue; fi
    target=100
    case "$name" in
        download-button) target=110.4 ;;  # 4 × 27.6
        appear-up) target=735 ;;          # 5 × 147
    esac
    if [ -n "$baseline" ]; then
        read -r base _ < <(render_fps "$baseline" "$preset") || true
        ratio=$(awk -v a="$fps" -v b="${base:-0}" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "?" }')
        echo "| $name | $size | $frames | $fps | ≥ $target | $(met "$fps" "$target") | ${base:-failed} | $ratio |"
    else
        echo "| $name | $size | $frames | $fps | ≥ $target | $(met "$fps" "$target") |"
    fi
    case "$name" in download-button | appear-up) chart "$name fps / target" "$(awk -v a="$fps" -v b="$target" 'BEGIN { printf "%.3f", a / b }')" 1 ;; esac
    if [ -z "$slowest" ] || awk -v a="$fps" -v b="${slowest#* }" 'BEGIN { exit !(a < b) }'; then slowest="$name $fps"; fi
done
echo
echo "- slowest: ${slowest% *} at ${slowest#* } fps (target: no preset below 100 fps: $(met "${slowest#* }" 100))"
echo

fi

echo "## WebP default against GIF: exporting download-button"
echo
echo "\`symbolreel render Presets/download-button.json -o FILE\` (the preset's canvas rate: the GIF at 30 fps, its limit being 50; the WebP at 60), wall clock, default settings, best of ${RUNS:-1}, side by side. \"before\": the default before the November 2026 speed work (libwebp's animation encoder, lossless level 4 at effort 100, one thread), 2,768,142 bytes, measured on 141593b; with BASELINE_BIN=OLD_SYMBOLREEL its time is measured here too."
echo
gif=$(best_time "${RUNS:-1}" "$bin" render Presets/download-button.json -o "$work/d.gif" --quiet)
webp=$(best_time "${RUNS:-1}" "$bin" render Presets/download-button.json -o "$work/d.webp" --quiet)
r=$(awk -v a="$webp" -v b="$gif" 'BEGIN { printf "%.2f", a / b }')
before_bytes=2768142
s=$(awk -v a="$(stat -c %s "$work/d.webp")" -v b="$before_bytes" 'BEGIN { printf "%.3f", a / b }')
echo "| output | time s | size KiB | time / GIF | size / before |"
echo "|---|---:|---:|---:|---:|"
echo "| GIF | $gif | $(( $(stat -c %s "$work/d.gif") / 1024 )) | 1 | |"
echo "| WebP (default) | $webp | $(( $(stat -c %s "$work/d.webp") / 1024 )) | $r | $s |"
if [ -n "${BASELINE_BIN:-}" ]; then
    old=$(best_time "${RUNS:-1}" "$BASELINE_BIN" render Presets/download-button.json -o "$work/old.webp" --quiet)
    echo "| WebP (before, BASELINE_BIN) | $old | $(( $(stat -c %s "$work/old.webp") / 1024 )) | $(awk -v a="$old" -v b="$gif" 'BEGIN { printf "%.2f", a / b }') | $(awk -v a="$(stat -c %s "$work/old.webp")" -v b="$before_bytes" 'BEGIN { printf "%.3f", a / b }') |"
fi
echo
echo "- WebP default / GIF export time = $r (target ≤ 2: $(awk -v r="$r" 'BEGIN { print (r <= 2 ? "met" : "**not met**") }'))"
echo "- WebP default size / before = $s (target ≤ 1.1: $(awk -v r="$s" 'BEGIN { print (r <= 1.1 ? "met" : "**not met**") }'))"
if [ -n "${BENCH_TSV:-}" ]; then
    printf 'Render stage\tWebP default / GIF time\t%s\t2\n' "$r" >> "$BENCH_TSV"
    printf 'Render stage\tWebP default size / before\t%s\t1.1\n' "$s" >> "$BENCH_TSV"
fi
