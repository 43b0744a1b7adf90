#!/usr/bin/env bash
# Pipeline benchmark (memory, end-to-end speed and batch scaling), release build:
#   1. peak RSS (/usr/bin/time -v) of a 60 s and a 6 s 1080×1080 60 fps MP4 export
#      (target: 60 s < 200 MB and within 10 % of 6 s)
#   2. end-to-end MP4 export of a 3 s 1080² 60 fps preset vs the ffmpeg program encoding the
#      same frames, pre-rendered as raw RGBA, with the same x264 settings (target ≤ 1.15×)
#   3. GIF and APNG export, frames per second
#   4. batch of 40 presets, --jobs 2 vs --jobs 1 (one thread per preset; target ≥ 1.7×)
#
#     bench/pipeline.sh [BIN]      (default .build/release/symbolreel)
#     RUNS=n (best of n, default 3), E2E_RUNS=n (best of n for the end-to-end MP4 pair, default
#     5: it is the section most sensitive to a busy spell), LONG=seconds of the long clip (default 60)
# The machine may be shared: the load average is printed before and after each section.
# Prints markdown tables with each target and whether it is met; with BENCH_TSV=FILE, appends
# the chart's rows (bench/chart) to FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-.build/release/symbolreel}")"
RUNS="${RUNS:-3}"
E2E_RUNS="${E2E_RUNS:-5}"
LONG="${LONG:-60}"
root="$(pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-pipeline.XXXXXX")"
trap 'rm -rf "$work"' EXIT

source bench/lib.sh  # now, best_time (the script runs from the repository root)
# preset FILE DURATION SIDE OUTPUTS_JSON [SYMBOL EFFECT]
preset() {
    cat > "$1" <<JSON
{ "name": "bench", "canvas": {"width": $3, "height": $3, "fps": 60, "duration": $2, "background": "#F2F2F7"},
  "symbol": {"source": "$root/Samples/${5:-arrow.down.circle.svg}", "size": 0.6},
  "style": {"renderingMode": "hierarchical", "colors": ["#0A84FF"]},
  "timeline": [{"from": 0, "until": $2, "effect": "${6:-.wiggle}", "options": ".repeating"}],
  "outputs": $4 }
JSON
}
# chart LABEL VALUE TARGET [higher]: one row of the chart's TSV.
chart() {
    if [ -n "${BENCH_TSV:-}" ] && [[ "$2" =~ ^[0-9.]+$ ]]; then
        printf 'Pipeline (end-to-end, memory, batch)\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-lower}" >> "$BENCH_TSV"
    fi
}
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
peak_kb() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}'; }

echo "## Pipeline: render and batch (release)"
echo
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m), load before $(cut -d' ' -f1-3 /proc/loadavg); $(ffmpeg -version | head -1 | cut -d' ' -f1-3); best of $RUNS"
echo

echo "### Peak RSS of a 1080×1080 60 fps MP4 export (default workers)"
echo
preset "$work/short.json" 6 1080 '[{"file": "short.mp4"}]'
preset "$work/long.json" "$LONG" 1080 '[{"file": "long.mp4"}]'
s_kb=$(peak_kb "$bin" render "$work/short.json" --quiet)
l_kb=$(peak_kb "$bin" render "$work/long.json" --quiet)
mem_ratio=$(ratio "$l_kb" "$s_kb")
# Where the memory goes: the same long clip rendered to no file (our pipeline alone), and x264
# alone at these settings (the ffmpeg program encoding 6 s of raw 1080² frames).
preset "$work/long-null.json" "$LONG" 1080 '[{"file": "null"}]'
n_kb=$(peak_kb "$bin" render "$work/long-null.json" --quiet)
ffmpeg -hide_banner -loglevel error -f lavfi -i "testsrc2=size=1080x1080:rate=60:duration=6" -pix_fmt rgba -f rawvideo -y "$work/mem.rgba"
x_kb=$(peak_kb ffmpeg -hide_banner -loglevel error -f rawvideo -pix_fmt rgba -s 1080x1080 -r 60 -i "$work/mem.rgba" \
    -c:v libx264 -crf 18 -preset medium -x264-params "$X264_PARAMS" -pix_fmt yuv420p -y "$work/mem.mp4")
rm -f "$work/mem.rgba" "$work/mem.mp4"
echo "| measure | value | target | met |"
echo "|---|---:|---|:---:|"
echo "| peak RSS, 6 s clip | $(mb "$s_kb") MB | | |"
echo "| peak RSS, $LONG s clip | $(mb "$l_kb") MB | < 200 MB | $(met "$(mb "$l_kb")" "<=" 199.99) |"
echo "| $LONG s / 6 s | $mem_ratio | ≤ 1.10 | $(met "$mem_ratio" "<=" 1.10) |"
echo "| peak RSS, $LONG s clip rendered to no file (the pipeline alone) | $(mb "$n_kb") MB | | |"
echo "| peak RSS, the ffmpeg program's x264 alone (6 s, same settings) | $(mb "$x_kb") MB | | |"
chart "peak RSS ${LONG} s / 6 s" "$mem_ratio" 1.10
chart "peak RSS ${LONG} s / 200 MB" "$(awk -v k="$l_kb" 'BEGIN { printf "%.4f", k / 1024 / 200 }')" 1
echo

echo "### End-to-end MP4 export, 3 s 1080² 60 fps (180 frames) vs ffmpeg on pre-rendered raw RGBA"
echo
preset "$work/e2e.json" 3 1080 '[{"file": "e2e.mp4"}]'
"$bin" render "$work/e2e.json" --quiet -o "$work/frames/"
ffmpeg -v error -y -i "$work/frames/frame_%05d.png" -f rawvideo -pix_fmt rgba "$work/frames.rgba"
rm -rf "$work/frames"
ff="ffmpeg -v error -y -f rawvideo -pix_fmt rgba -s 1080x1080 -r 60 -i '$work/frames.rgba' \
    -c:v libx264 -crf 18 -preset medium -x264-params $X264_PARAMS -pix_fmt yuv420p \
    -vf scale=out_color_matrix=bt709:out_range=tv -colorspace bt709 -color_primaries bt709 -color_trc bt709 \
    -color_range tv -movflags +faststart '$work/ff.mp4'"
ff_mb=$(echo "$(eval "peak_kb $ff") / 1024" | bc -l | xargs printf "%.1f")
load=$(cut -d' ' -f1-3 /proc/loadavg)
read -r t_ours t_ff < <(best_pair "$E2E_RUNS" "'$bin' render '$work/e2e.json' --quiet" "$ff")
rm -f "$work/frames.rgba"
e2e=$(ratio "$t_ours" "$t_ff")
echo "ffmpeg encodes frames already rendered (raw RGBA on disk), so it is the floor: the encode alone. Runs alternate ours/ffmpeg, best of $E2E_RUNS each; load before: $load."
echo
echo "| command | time s | ours / ffmpeg | target | met |"
echo "|---|---:|---:|---|:---:|"
echo "| symbolreel render (parse, render, encode) | $t_ours | $e2e | ≤ 1.15 | $(met "$e2e" "<=" 1.15) |"
echo "| ffmpeg -c:v libx264 -crf 18 -preset medium -x264-params $X264_PARAMS | $t_ff | | | |"
chart "MP4 end-to-end / ffmpeg floor" "$e2e" 1.15
echo
echo "Peak RSS of this ffmpeg encode (3 s, x264 medium with $X264_PARAMS at 1080², for the memory section): $ff_mb MB. Stage timings of one more run (\`--timings\`):"
echo
echo '```'
"$bin" render "$work/e2e.json" --quiet --timings 2>&1
echo '```'
echo

echo "### GIF and APNG export, 3 s 1080² 60 fps (180 source frames)"
echo
echo "No target; best of $RUNS; load before: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| format | time s | source frames/s |"
echo "|---|---:|---:|"
for fmt in gif png; do
    t=$(best_time "$RUNS" "$bin" render "$work/e2e.json" --quiet -o "$work/x.$fmt")
    echo "| $([ $fmt = png ] && echo APNG || echo GIF) | $t | $(awk -v t="$t" 'BEGIN { printf "%.1f", 180 / t }') |"
done
echo
echo '```'
for fmt in gif png; do
    "$bin" render "$work/e2e.json" --quiet --timings -o "$work/x.$fmt" 2>&1
done
echo '```'
echo

echo "### Batch of 40 presets (512², 1 s, GIF + APNG each), --jobs 2 vs --jobs 1"
echo
mkdir -p "$work/batch"
symbols=(bell.svg checkmark.svg wifi.arcs.svg arrow.down.circle.svg)
effects=(.bounce .wiggle .pulse .breathe .rotate)
for i in $(seq -w 0 39); do
    n=$((10#$i))
    preset "$work/batch/p$i.json" 1 512 "[{\"file\": \"p$i.gif\", \"fps\": 30}, {\"file\": \"p$i.png\"}]" \
        "${symbols[$((n % 4))]}" "${effects[$((n % 5))]}"
done
load=$(cut -d' ' -f1-3 /proc/loadavg)
read -r t1 t2 < <(best_pair "$RUNS" "'$bin' batch '$work/batch' --output-dir '$work/b1' --jobs 1 --quiet" \
    "'$bin' batch '$work/batch' --output-dir '$work/b2' --jobs 2 --quiet")
speedup=$(ratio "$t1" "$t2")
echo "Runs alternate --jobs 1/--jobs 2, best of $RUNS each; load before: $load, after: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| run | time s | speed-up | target | met |"
echo "|---|---:|---:|---|:---:|"
echo "| --jobs 1 | $t1 | | | |"
echo "| --jobs 2 | $t2 | $speedup | ≥ 1.7 on 2 cores | $(met "$speedup" ">=" 1.7) |"
chart "batch --jobs 2 speed-up" "$speedup" 1.7 higher
