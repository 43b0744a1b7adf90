#!/usr/bin/env bash
# Encoder benchmark: our encoders and the ffmpeg program on identical frames, in the same run.
#
#     bench/encode.sh [BUILD_DIR]     (default .build/release; builds SymbolEncodeBench there)
#
# For a 3 s bounce at 60 fps (1080² and 512², a two-colour and a multicolour clip):
#   MP4   ours vs `ffmpeg -c:v libx264 -crf 18 -preset medium -x264-params rc-lookahead=12:threads=$(nproc)` (same settings, same tags)
#   GIF   ours at 30 fps vs ffmpeg palettegen/paletteuse (dithered and undithered) and the
#         dithered file after `gifsicle -O3`; quality is ffmpeg's ssim filter against the source
#   APNG  ours vs ffmpeg's apng encoder (both lossless)
# Times are wall clock, best of $RUNS (MP4: min and median of $MP4_RUNS interleaved runs) (ours: encoding frames already in memory; ffmpeg: the
# whole program reading raw frames from disk). Ratios are ours / reference. Prints a markdown
# table; with BENCH_TSV=FILE, appends the chart's rows (bench/chart) to FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-.build/release}"
case "$build" in */symbolreel) build="$(dirname "$build")" ;; esac
RUNS="${RUNS:-2}"
MP4_RUNS="${MP4_RUNS:-5}"
SIDES="${SIDES:-1080 512}"
CLIPS="${CLIPS:-two multi}"
work="$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

source bench/lib.sh  # now, best_time, encode_bench
bench="$(encode_bench "$build")"
size() { stat -c %s "$1"; }
# stat_of min|median VALUES...: the smallest or the median (the lower middle of an even count).
stat_of() {
    local what="$1"
    shift
    printf "%s\n" "$@" | sort -g | awk -v w="$what" '{ v[NR] = $1 } END { printf "%.2f", w == "min" ? v[1] : v[int((NR + 1) / 2)] }'
}
# x264_options MP4: the encoder settings x264 writes into its SEI ("cabac=1 ref=3 …").
x264_options() { strings "$1" | grep -o 'x264 - core.*' | head -1 | sed 's/.*options: //'; }
mp4_notes=()
# row CELLS...: one markdown table row of 8 cells (missing cells empty).
row() {
    local c=("$@")
    while [ ${#c[@]} -lt 8 ]; do c+=(""); done
    printf '| %s ' "${c[@]}"
    echo '|'
}
# chart LABEL RATIO: one row of the chart's TSV (no target: the issue gave none for encoders).
chart() { if [ -n "${BENCH_TSV:-}" ] && [[ "$2" =~ ^[0-9.]+$ ]]; then printf 'Encoders (ours / ffmpeg time)\t%s\t%s\t-\n' "$1" "$2" >> "$BENCH_TSV"; fi; }
kib() { awk -v b="$1" 'BEGIN { printf "%.0f", b / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }'; }
# ssim GIF SIDE: ffmpeg's SSIM (All) of a 30 fps GIF against the source's frames 0, 2, 4, …
ssim() {
    ffmpeg -hide_banner -nostats -i "$1" -f rawvideo -pix_fmt rgba -s "$2x$2" -r 60 -i "$work/source.rgba" \
        -lavfi "[0:v]settb=1/30,setpts=N,format=gbrp[a];[1:v]fps=30,settb=1/30,setpts=N,format=gbrp[b];[a][b]ssim" -f null - 2>&1 |
        sed -n 's/.*SSIM .* All:\([0-9.]*\).*/\1/p' | tail -1
}
# psnr MP4 SIDE: ffmpeg's PSNR (luma, dB) against the source converted with BT.709, limited range.
psnr() {
    ffmpeg -hide_banner -nostats -i "$1" -f rawvideo -pix_fmt rgba -s "$2x$2" -r 60 -i "$work/source.rgba" \
        -lavfi "[1:v]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[ref];[0:v][ref]psnr" -f null - 2>&1 |
        sed -n 's/.*PSNR y:\([0-9.inf]*\).*/\1/p' | tail -1
}

echo "## Encoders: ours vs the ffmpeg program on the same frames (3 s bounce, 180 frames at 60 fps)"
echo
echo "No target was set for the encoders alone (the end-to-end MP4 target is in the pipeline section)."
echo
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m), load $(cut -d' ' -f1-3 /proc/loadavg); $(ffmpeg -version | head -1 | cut -d' ' -f1-3); gifsicle $(gifsicle --version | head -1 | awk '{print $NF}'); best of $RUNS"
echo
row clip format encoder "time s" "size KiB" quality "t ratio" "s ratio"
echo "|---|---|---|---:|---:|---:|---:|---:|"
for side in $SIDES; do
    for clip in $CLIPS; do
        name="${side}² $clip"
        raw=(-f rawvideo -pix_fmt rgba -s "${side}x${side}" -r 60 -i "$work/source.rgba")
        declare -A ours=()
        while IFS='=' read -r k v; do ours[$k]=$v; done < <("$bench" "$work" "$side" "$clip" "$RUNS" gif,apng)

        # MP4: x264 with the same settings and tags, timed interleaved (ours, ffmpeg, ours, …)
        # so both sides see the same machine load; min and median of MP4_RUNS each.
        # CPU time (user + system, all threads) is steadier than wall time on a shared machine.
        mp4_ours=(); mp4_ff=(); cpu_ours=(); cpu_ff=()
        for _ in $(seq "$MP4_RUNS"); do
            run_ours=$("$bench" "$work" "$side" "$clip" 1 mp4)
            mp4_ours+=("$(sed -n 's/^mp4_time=//p' <<<"$run_ours")"); cpu_ours+=("$(sed -n 's/^mp4_cpu=//p' <<<"$run_ours")")
            s=$(now)
            /usr/bin/time -f "%U %S" -o "$work/cpu" ffmpeg -v error -y "${raw[@]}" -c:v libx264 -crf 18 -preset medium -x264-params "$X264_PARAMS" -pix_fmt yuv420p \
                -vf scale=out_color_matrix=bt709:out_range=tv -colorspace bt709 -color_primaries bt709 -color_trc bt709 \
                -color_range tv -movflags +faststart "$work/ff.mp4"
            e=$(now)
            mp4_ff+=("$(echo "$e - $s" | bc -l)"); cpu_ff+=("$(awk '{ print $1 + $2 }' "$work/cpu")")
        done
        s_mp4=$(size "$work/ours.mp4"); s_ff=$(size "$work/ff.mp4")
        t_o_min=$(stat_of min "${mp4_ours[@]}"); t_o_med=$(stat_of median "${mp4_ours[@]}")
        t_f_min=$(stat_of min "${mp4_ff[@]}"); t_f_med=$(stat_of median "${mp4_ff[@]}")
        row "$name" mp4 "ours (x264 crf 18 medium, rc-lookahead 12, threads = cores), min" "$t_o_min" \
            "$(kib "$s_mp4")" "$(psnr "$work/ours.mp4" "$side") dB" "$(ratio "$t_o_min" "$t_f_min")" "$(ratio "$s_mp4" "$s_ff")"
        row "" mp4 "ours, median of $MP4_RUNS" "$t_o_med" "" "" "$(ratio "$t_o_med" "$t_f_med")"
        row "" mp4 "ffmpeg (same settings), min" "$t_f_min" "$(kib "$s_ff")" "$(psnr "$work/ff.mp4" "$side") dB"
        row "" mp4 "ffmpeg, median of $MP4_RUNS" "$t_f_med"
        c_o_min=$(stat_of min "${cpu_ours[@]}"); c_o_med=$(stat_of median "${cpu_ours[@]}")
        c_f_min=$(stat_of min "${cpu_ff[@]}"); c_f_med=$(stat_of median "${cpu_ff[@]}")
        row "" mp4 "ours CPU s (user+sys), min" "$c_o_min" "" "" "$(ratio "$c_o_min" "$c_f_min")"
        row "" mp4 "ours CPU s, median" "$c_o_med" "" "" "$(ratio "$c_o_med" "$c_f_med")"
        row "" mp4 "ffmpeg CPU s (user+sys), min" "$c_f_min"
        row "" mp4 "ffmpeg CPU s, median" "$c_f_med"
        chart "MP4 ${side} ${clip} (median)" "$(ratio "$t_o_med" "$t_f_med")"
        x264_ours=$(x264_options "$work/ours.mp4"); x264_ff=$(x264_options "$work/ff.mp4")
        if [ "$x264_ours" = "$x264_ff" ]; then
            mp4_notes+=("$name: x264 options identical in both files")
        else
            mp4_notes+=("$name: x264 options differ: $(diff <(tr ' ' '\n' <<<"$x264_ours") <(tr ' ' '\n' <<<"$x264_ff") | grep '^[<>]' | tr '\n' ' ')")
        fi

        # GIF at 30 fps.
        t_gd=$(best_time "$RUNS" ffmpeg -v error -y "${raw[@]}" -vf "fps=30,split[a][b];[a]palettegen[p];[b][p]paletteuse" "$work/ffd.gif")
        t_gn=$(best_time "$RUNS" ffmpeg -v error -y "${raw[@]}" -vf "fps=30,split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=none" "$work/ffn.gif")
        t_gs=$(best_time 1 gifsicle -O3 "$work/ffd.gif" -o "$work/ffd-O3.gif")
        s_gd=$(size "$work/ffd.gif"); s_gn=$(size "$work/ffn.gif"); s_gs=$(size "$work/ffd-O3.gif")
        row "$name" gif "ours (${ours[gif_exact_frames]} frames exact)" \
            "${ours[gif_time]}" "$(kib "${ours[gif_bytes]}")" "$(ssim "$work/ours.gif" "$side")" \
            "$(ratio "${ours[gif_time]}" "$t_gd")" "$(ratio "${ours[gif_bytes]}" "$s_gs")"
        row "" gif "ours, one thread (CPU ${ours[gif_cpu]} s with the driver)" "${ours[gif_serial_time]}" \
            "$(kib "${ours[gif_serial_bytes]}")" "same file" "$(ratio "${ours[gif_serial_time]}" "$t_gd")" \
            "$(ratio "${ours[gif_serial_bytes]}" "$s_gs")"
        row "" gif "ffmpeg palettegen+paletteuse" "$t_gd" "$(kib "$s_gd")" "$(ssim "$work/ffd.gif" "$side")"
        row "" gif "ffmpeg, dither=none" "$t_gn" "$(kib "$s_gn")" "$(ssim "$work/ffn.gif" "$side")"
        row "" gif "ffmpeg + gifsicle -O3 (+$t_gs s)" "$(echo "$t_gd + $t_gs" | bc -l | xargs printf %.2f)" "$(kib "$s_gs")" "$(ssim "$work/ffd-O3.gif" "$side")"

        chart "GIF ${side} ${clip} (vs palettegen)" "$(ratio "${ours[gif_time]}" "$t_gd")"

        # APNG, lossless both.
        t_fa=$(best_time 1 ffmpeg -v error -y "${raw[@]}" -plays 0 -f apng "$work/ff.apng")
        s_fa=$(size "$work/ff.apng")
        row "$name" apng "ours" "${ours[apng_time]}" \
            "$(kib "${ours[apng_bytes]}")" lossless "$(ratio "${ours[apng_time]}" "$t_fa")" "$(ratio "${ours[apng_bytes]}" "$s_fa")"
        row "" apng "ours, one thread (CPU ${ours[apng_cpu]} s with the driver)" "${ours[apng_serial_time]}" \
            "$(kib "${ours[apng_serial_bytes]}")" lossless "$(ratio "${ours[apng_serial_time]}" "$t_fa")" \
            "$(ratio "${ours[apng_serial_bytes]}" "$s_fa")"
        row "" apng "ffmpeg apng" "$t_fa" "$(kib "$s_fa")" lossless
        chart "APNG ${side} ${clip}" "$(ratio "${ours[apng_time]}" "$t_fa")"
        rm -f "$work"/*
    done
done
echo
printf -- "- %s\n" "${mp4_notes[@]}"
echo "- MP4 times: $MP4_RUNS runs each, interleaved ours/ffmpeg; t ratio of a min row: min/min, of a median row: median/median."
echo "- MP4 CPU: user + system seconds of every thread (ours: the encode only; ffmpeg: the whole program, reading raw frames included)."
echo "- t ratio: ours / ffmpeg (MP4 and APNG: same format; GIF: ffmpeg palettegen+paletteuse)."
echo "- s ratio: ours / ffmpeg (GIF: ours / the gifsicle -O3 file). quality: MP4 PSNR y; GIF SSIM (All)."
