#!/usr/bin/env bash
# Scene benchmark (docs/scenes.md), release build:
#   1. the What's New card (Scenes/whats-new.json, 720 × 900, 120 frames): every frame rendered and
#      hashed on one thread (`hashes --threads 1`, process start, fonts and layout included);
#      target ≥ 60 frames per second
#   2. end-to-end MP4 export of a 1080 × 1920 scene (a story card: title, a stack of three labels
#      entering one after another, a large symbol drawing on; 3 s at 60 fps) vs the ffmpeg
#      program encoding the same frames, pre-rendered as raw RGBA, with the same x264 settings
#      (the encoder's floor; target ≤ 1.15×, as for a symbol clip)
#
#     bench/scene.sh [BIN]      (default .build/release/symbolreel); RUNS=n best of n (default 3)
# Prints markdown tables; with BENCH_TSV=FILE, appends the chart's rows to FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-.build/release/symbolreel}")"
RUNS="${RUNS:-3}"
root="$(pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-scene.XXXXXX")"
trap 'rm -rf "$work"' EXIT
source bench/lib.sh  # now, best_time, best_pair, ratio, met, X264_PARAMS
chart() {
    if [ -n "${BENCH_TSV:-}" ] && [[ "$2" =~ ^[0-9.]+$ ]]; then
        printf 'Scenes\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-lower}" >> "$BENCH_TSV"
    fi
}

echo "## Scenes"
echo
echo "### The What's New card on one thread (720 × 900, 120 frames)"
echo
t=$(best_time "$RUNS" "$bin" hashes Scenes/whats-new.json --threads 1)
fps=$(awk -v t="$t" 'BEGIN { printf "%.1f", 120 / t }')
echo "\`symbolreel hashes Scenes/whats-new.json --threads 1\`: the whole process (start-up, fonts, layout, every frame rendered and its SHA-256), best of $RUNS; load before: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| time s | frames/s | target | met |"
echo "|---:|---:|---|:---:|"
echo "| $t | $fps | ≥ 60 | $(met "$fps" ">=" 60) |"
chart "What's New frames/s on one thread (÷ 60)" "$(awk -v f="$fps" 'BEGIN { printf "%.3f", f / 60 }')" 1 higher
echo

cat > "$work/story.json" <<JSON
{ "name": "story", "canvas": {"width": 1080, "height": 1920, "fps": 60, "duration": 3, "background": "#FFFFFF"},
  "items": [
    { "text": "What's New", "font": {"size": 110, "weight": "bold"}, "color": "#1C1C1E", "position": [540, 260] },
    { "symbol": {"source": "$root/Samples/checkmark.circle.svg", "size": {"pointSize": 420}},
      "style": {"renderingMode": "hierarchical", "colors": ["#34C759"]}, "position": [540, 700],
      "timeline": [{"at": 0.2, "effect": ".drawOn"}] },
    { "vstack": [
        { "label": {"symbol": {"source": "$root/Samples/bell.svg"}, "text": "Notifications"},
          "style": {"renderingMode": "hierarchical", "colors": ["#FF9500"]}, "timeline": [{"at": 1.5, "effect": ".bounce.up"}] },
        { "label": {"symbol": {"source": "$root/Samples/wifi.arcs.svg"}, "text": "Wireless sync"},
          "style": {"renderingMode": "hierarchical", "colors": ["#0A84FF"]},
          "timeline": [{"from": 1.6, "until": 3, "effect": ".variableColor.iterative"}] },
        { "label": {"symbol": {"source": "$root/Samples/star.fill.svg"}, "text": "Favourites in a tap"},
          "style": {"renderingMode": "monochrome", "colors": ["#FFCC00"]}, "timeline": [{"at": 2.0, "effect": ".bounce"}] }
      ],
      "font": {"size": 72}, "spacing": 70, "alignment": "leading", "position": [540, 1400],
      "enter": {"at": 0.4, "transition": "fade.up", "stagger": 0.25} }
  ],
  "outputs": [{"file": "story.mp4"}] }
JSON
echo "### End-to-end MP4 export of a 1080 × 1920 scene, 3 s at 60 fps (180 frames), vs ffmpeg on pre-rendered raw RGBA"
echo
"$bin" render "$work/story.json" --quiet -o "$work/frames/"
ffmpeg -v error -y -i "$work/frames/frame_%05d.png" -f rawvideo -pix_fmt rgba "$work/frames.rgba"
rm -rf "$work/frames"
ours="'$bin' render '$work/story.json' --quiet"
ff="ffmpeg -v error -y -f rawvideo -pix_fmt rgba -s 1080x1920 -r 60 -i '$work/frames.rgba' \
    -c:v libx264 -crf 18 -preset medium -x264-params $X264_PARAMS -pix_fmt yuv420p \
    -vf scale=out_color_matrix=bt709:out_range=tv -colorspace bt709 -color_primaries bt709 -color_trc bt709 \
    -color_range tv -movflags +faststart '$work/ff.mp4'"
load=$(cut -d' ' -f1-3 /proc/loadavg)
read -r t_ours t_ff < <(best_pair "$RUNS" "$ours" "$ff")
rm -f "$work/frames.rgba"
e2e=$(ratio "$t_ours" "$t_ff")
echo "ffmpeg encodes frames already rendered, so it is the floor: the encode alone. Runs alternate ours/ffmpeg, best of $RUNS each; load before: $load."
echo
echo "| command | time s | ours / ffmpeg | target | met |"
echo "|---|---:|---:|---|:---:|"
echo "| symbolreel render (parse, fonts, layout, render, encode) | $t_ours | $e2e | ≤ 1.15 | $(met "$e2e" "<=" 1.15) |"
echo "| ffmpeg -c:v libx264 -crf 18 -preset medium -x264-params $X264_PARAMS | $t_ff | | | |"
chart "1080×1920 scene MP4 end-to-end / ffmpeg floor" "$e2e" 1.15
echo
echo "Stage timings of one more run (\`--timings\`):"
echo
echo '```'
"$bin" render "$work/story.json" --quiet --timings -o "$work/x.mp4" 2>&1
echo '```'
echo
