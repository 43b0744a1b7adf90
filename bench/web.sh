#!/usr/bin/env bash
# Web and editor formats: WebM (VP9), animated WebP (lossless and lossy) and HEVC, ours against
# the ffmpeg program with the same codec settings on identical frames, beside our GIF and APNG.
#
#     bench/web.sh [BUILD_DIR]     (default .build/release; builds SymbolEncodeBench and symbolreel there)
#
# Clips (1080², 60 fps source; GIF and WebP at 30 fps, the GIF's rate):
#   bounce      the encode benchmark's synthetic 3 s bounce, opaque (#F2F2F7)
#   download    Presets/download-button.json, 4.2 s, as the preset has it (opaque #F2F2F7)
#   download-t  the same clip on a transparent canvas (WebM keeps alpha; no HEVC: it has none)
# Settings, both sides:
#   WebM  libvpx-vp9 CRF 36, b:v 0, deadline good, cpu-used 4, row-mt, threads = cores;
#         yuva420p when transparent, BT.709 limited range
#   WebP  ffmpeg: libwebp animation encoder, lossless method 3 effort 50 (libwebp's level 4), lossy
#         quality 75 method 4. Ours: "minimize_size" rows are "effort": "max" (the animation
#         encoder with minimize_size, which ffmpeg's libwebp_anim lacks; lossless level 4 effort
#         100, lossy allow_mixed: a changed rectangle stored lossless where smaller); the lossless
#         default is our own frame rectangles compressed in parallel (level 2 effort 50, checked
#         byte-identical to the one-thread encode); the lossy "ffmpeg's settings" row is ours at
#         exactly ffmpeg's settings (over a transparent canvas it keeps allow_mixed)
#   HEVC  libx265 CRF 22, preset fast, hvc1, BT.709 limited range, faststart
#   AV1   SVT-AV1 CRF 30, preset 10, in MP4, BT.709 limited range, faststart (opaque clips: no alpha)
# Times are wall clock, best of $RUNS (ours: encoding frames already in memory; ffmpeg: the
# whole program reading raw frames from disk). Quality: ffmpeg's PSNR of the decoded file against
# the source (WebM with alpha: RGB over mid grey, decoded by libvpx; else luma, BT.709). Prints a
# markdown table; with BENCH_TSV=FILE, appends the chart's rows to FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-.build/release}"
case "$build" in */symbolreel) build="$(dirname "$build")" ;; esac
RUNS="${RUNS:-1}"
CLIPS="${CLIPS:-bounce download download-t}"
reel="$build/symbolreel"
if [ ! -x "$reel" ]; then
    swift build -c release --product symbolreel >&2
    reel="$(swift build -c release --show-bin-path)/symbolreel"
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-web.XXXXXX")"
trap 'rm -rf "$work"' EXIT
source bench/lib.sh  # now, best_time, encode_bench
bench="$(encode_bench "$build")"
size() { stat -c %s "$1"; }
kib() { awk -v b="$1" 'BEGIN { printf "%.0f", b / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }'; }
row() {
    local c=("$@")
    while [ ${#c[@]} -lt 8 ]; do c+=(""); done
    printf '| %s ' "${c[@]}"
    echo '|'
}
chart() { if [ -n "${BENCH_TSV:-}" ] && [[ "$2" =~ ^[0-9.]+$ ]]; then printf 'Web formats (ours / ffmpeg)\t%s\t%s\t%s\n' "$1" "$2" "${3:--}" >> "$BENCH_TSV"; fi; }
met() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t ? "met" : "not met") }'; }
raw() { echo -f rawvideo -pix_fmt rgba -s 1080x1080 -r 60 -i "$1"; }
bt709=(-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv)
# psnr_y FILE SOURCE: luma PSNR against the source converted with BT.709, limited range.
psnr_y() {
    ffmpeg -hide_banner -nostats -i "$1" $(raw "$2") \
        -lavfi "[0:v]settb=1/60,setpts=N[a];[1:v]settb=1/60,setpts=N,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p[b];[a][b]psnr" \
        -f null - 2>&1 | sed -n 's/.*PSNR y:\([0-9.inf]*\).*/\1/p' | tail -1
}
# psnr_grey WEBM SOURCE: RGB PSNR of both over mid grey, the WebM decoded by libvpx (alpha kept).
psnr_grey() {
    ffmpeg -hide_banner -nostats -c:v libvpx-vp9 -i "$1" $(raw "$2") -f lavfi -i color=c=0x808080:s=1080x1080:r=60 \
        -lavfi "[0:v]settb=1/60,setpts=N,format=rgba[a];[1:v]settb=1/60,setpts=N,format=rgba[b];[2:v]split[g1][g2];[g1][a]overlay=shortest=1,format=rgb24[oa];[g2][b]overlay=shortest=1,format=rgb24[ob];[oa][ob]psnr" \
        -f null - 2>&1 | sed -n 's/.*average:\([0-9.inf]*\).*/\1/p' | tail -1
}

echo "## Web and editor formats: WebM, WebP, HEVC against the ffmpeg program (1080², 60 fps source)"
echo
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m), load $(cut -d' ' -f1-3 /proc/loadavg); $(ffmpeg -version | head -1 | cut -d' ' -f1-3); best of $RUNS"
echo
row clip format encoder "time s" "size KiB" quality "t ratio" "s ratio"
echo "|---|---|---|---:|---:|---:|---:|---:|"
targets=()
for clip in $CLIPS; do
    transparent=""
    case "$clip" in
        bounce)
            "$bench" "$work" 1080 two 1 none >/dev/null
            source="$work/source.rgba"; clip_arg="raw:$source"; name="3 s bounce" ;;
        download | download-t)
            preset="$work/download.json"
            bg="#F2F2F7"
            if [ "$clip" = download-t ]; then bg=transparent; transparent=":transparent"; fi
            python3 - "$bg" > "$preset" <<'PY'
import json, os, sys
p = json.load(open("Presets/download-button.json"))
here = os.path.abspath("Presets")
def fix(path): return os.path.normpath(os.path.join(here, path))
p["symbol"]["source"] = fix(p["symbol"]["source"])
for e in p["timeline"]:
    if "replaceWith" in e: e["replaceWith"] = fix(e["replaceWith"])
p["canvas"]["background"] = sys.argv[1]
p["outputs"] = []
p.pop("$schema", None)
print(json.dumps(p))
PY
            rm -rf "$work/frames" && "$reel" render "$preset" -o "$work/frames/" --quiet
            source="$work/$clip.rgba"
            ffmpeg -v error -y -framerate 60 -i "$work/frames/frame_%05d.png" -f rawvideo -pix_fmt rgba "$source"
            rm -rf "$work/frames"
            clip_arg="raw:$source$transparent"; name="4.2 s download button${transparent:+, transparent}" ;;
    esac
    formats="gif,apng,webm,webp,webp-lossy,webp-plain,webp-lossy-plain"
    [ -z "$transparent" ] && formats="mp4,$formats,hevc,av1"
    declare -A ours=()
    while IFS='=' read -r k v; do ours[$k]=$v; done < <("$bench" "$work" 1080 "$clip_arg" "$RUNS" "$formats")

    row "$name" gif "ours (30 fps)" "${ours[gif_time]}" "$(kib "${ours[gif_bytes]}")"
    row "" apng "ours" "${ours[apng_time]}" "$(kib "${ours[apng_bytes]}")" lossless

    # WebM (VP9).
    pix=yuv420p; [ -n "$transparent" ] && pix=yuva420p
    t_ff=$(best_time "$RUNS" ffmpeg -v error -y $(raw "$source") -vf "scale=out_color_matrix=bt709:out_range=tv,format=$pix" "${bt709[@]}" \
        -c:v libvpx-vp9 -crf 36 -b:v 0 -deadline good -cpu-used 4 -row-mt 1 -threads "$(nproc)" "$work/ff.webm")
    if [ -n "$transparent" ]; then q_o="$(psnr_grey "$work/ours.webm" "$source") dB RGB/grey"; q_f="$(psnr_grey "$work/ff.webm" "$source") dB RGB/grey"
    else q_o="$(psnr_y "$work/ours.webm" "$source") dB"; q_f="$(psnr_y "$work/ff.webm" "$source") dB"; fi
    s_o=${ours[webm_bytes]}; s_f=$(size "$work/ff.webm")
    row "" webm "ours (VP9 CRF 36, cpu-used 4, $pix)" "${ours[webm_time]}" "$(kib "$s_o")" "$q_o" "$(ratio "${ours[webm_time]}" "$t_ff")" "$(ratio "$s_o" "$s_f")"
    row "" webm "ffmpeg (same settings)" "$t_ff" "$(kib "$s_f")" "$q_f"
    chart "WebM time $clip" "$(ratio "${ours[webm_time]}" "$t_ff")" 1.10
    if [ -n "$transparent" ]; then
        r=$(ratio "$s_o" "${ours[apng_bytes]}")
        targets+=("$name: WebM with alpha / our APNG = $r (target ≤ 0.10: $(met "$r" 0.10))")
    fi

    # WebP at 30 fps, lossless and lossy.
    t_fl=$(best_time "$RUNS" ffmpeg -v error -y $(raw "$source") -vf fps=30 -c:v libwebp_anim -lossless 1 -compression_level 3 -quality 50 -loop 0 "$work/ff-lossless.webp")
    t_fy=$(best_time "$RUNS" ffmpeg -v error -y $(raw "$source") -vf fps=30 -c:v libwebp_anim -lossless 0 -compression_level 4 -quality 75 -loop 0 "$work/ff-lossy.webp")
    s_ol=${ours[webp_bytes]}; s_fl=$(size "$work/ff-lossless.webp"); s_oy=${ours[webp_lossy_bytes]}; s_fy=$(size "$work/ff-lossy.webp")
    row "" webp "ours lossless max effort (level 4 effort 100, minimize_size, 30 fps)" "${ours[webp_time]}" "$(kib "$s_ol")" lossless "$(ratio "${ours[webp_time]}" "$t_fl")" "$(ratio "$s_ol" "$s_fl")"
    [ "${ours[webp_plain_serial_identical]}" = true ] || { echo "our default lossless WebP differs from its one-thread encode" >&2; exit 1; }
    row "" webp "ours lossless default (level 2 effort 50, rectangles in parallel)" "${ours[webp_plain_time]}" "$(kib "${ours[webp_plain_bytes]}")" lossless \
        "$(ratio "${ours[webp_plain_time]}" "$t_fl")" "$(ratio "${ours[webp_plain_bytes]}" "$s_fl")"
    row "" webp "ffmpeg libwebp_anim lossless (method 3, q 50)" "$t_fl" "$(kib "$s_fl")" lossless
    row "" webp "ours lossy q75 max effort (minimize_size, allow_mixed, 30 fps)" "${ours[webp_lossy_time]}" "$(kib "$s_oy")" "q75" "$(ratio "${ours[webp_lossy_time]}" "$t_fy")" "$(ratio "$s_oy" "$s_fy")"
    row "" webp "ours lossy q75, ffmpeg's settings (no minimize_size)" "${ours[webp_lossy_plain_time]}" "$(kib "${ours[webp_lossy_plain_bytes]}")" q75 \
        "$(ratio "${ours[webp_lossy_plain_time]}" "$t_fy")" "$(ratio "${ours[webp_lossy_plain_bytes]}" "$s_fy")"
    row "" webp "ffmpeg libwebp_anim lossy (method 4, q 75)" "$t_fy" "$(kib "$s_fy")" "q75"
    chart "WebP lossless size $clip" "$(ratio "$s_ol" "$s_fl")" 0.9
    chart "WebP lossless default size $clip" "$(ratio "${ours[webp_plain_bytes]}" "$s_fl")" 1
    chart "WebP lossy size $clip" "$(ratio "$s_oy" "$s_fy")" 0.9
    r=$(ratio "$s_ol" "${ours[gif_bytes]}"); targets+=("$name: lossless WebP / our GIF = $r (target ≤ 0.75: $(met "$r" 0.75)); / ffmpeg's = $(ratio "$s_ol" "$s_fl") (≤ 0.9: $(met "$(ratio "$s_ol" "$s_fl")" 0.9))")
    r=$(ratio "$s_oy" "${ours[gif_bytes]}"); targets+=("$name: q75 WebP / our GIF = $r (target ≤ 0.5: $(met "$r" 0.5)); / ffmpeg's = $(ratio "$s_oy" "$s_fy") (≤ 0.9: $(met "$(ratio "$s_oy" "$s_fy")" 0.9))")
    targets+=("$name: time / ffmpeg's with the same settings: WebM $(ratio "${ours[webm_time]}" "$t_ff"), WebP lossless $(ratio "${ours[webp_plain_time]}" "$t_fl"), lossy $(ratio "${ours[webp_lossy_plain_time]}" "$t_fy") (target ≤ 1.10; lossless: our default, not ffmpeg's settings); with minimize_size ("effort": "max"): lossless $(ratio "${ours[webp_time]}" "$t_fl"), lossy $(ratio "${ours[webp_lossy_time]}" "$t_fy")")

    # HEVC (opaque clips only) beside our H.264.
    if [ -z "$transparent" ]; then
        t_fh=$(best_time "$RUNS" ffmpeg -v error -y $(raw "$source") -vf scale=out_color_matrix=bt709:out_range=tv,format=yuv420p "${bt709[@]}" \
            -c:v libx265 -crf 22 -preset fast -x265-params log-level=none -tag:v hvc1 -movflags +faststart "$work/ff-hevc.mp4")
        s_oh=${ours[hevc_bytes]}; s_fh=$(size "$work/ff-hevc.mp4")
        row "" mp4 "ours H.264 (CRF 18, for reference)" "${ours[mp4_time]}" "$(kib "${ours[mp4_bytes]}")" "$(psnr_y "$work/ours.mp4" "$source") dB"
        row "" mp4 "ours HEVC (x265 CRF 22 fast, hvc1)" "${ours[hevc_time]}" "$(kib "$s_oh")" "$(psnr_y "$work/ours-hevc.mp4" "$source") dB" \
            "$(ratio "${ours[hevc_time]}" "$t_fh")" "$(ratio "$s_oh" "$s_fh")"
        row "" mp4 "ffmpeg HEVC (same settings)" "$t_fh" "$(kib "$s_fh")" "$(psnr_y "$work/ff-hevc.mp4" "$source") dB"
        chart "HEVC time $clip" "$(ratio "${ours[hevc_time]}" "$t_fh")" 1.10
        targets+=("$name: HEVC / our H.264 size = $(ratio "$s_oh" "${ours[mp4_bytes]}"); time / ffmpeg's = $(ratio "${ours[hevc_time]}" "$t_fh")")
        # AV1 (SVT-AV1) in MP4, the same settings on both sides; its own log silenced as ours does.
        t_fa=$(SVT_LOG=1 best_time "$RUNS" ffmpeg -v error -y $(raw "$source") -vf scale=out_color_matrix=bt709:out_range=tv,format=yuv420p "${bt709[@]}" \
            -c:v libsvtav1 -crf 30 -preset 10 -movflags +faststart "$work/ff-av1.mp4")
        s_oa=${ours[av1_bytes]}; s_fa=$(size "$work/ff-av1.mp4")
        row "" mp4 "ours AV1 (SVT-AV1 CRF 30, preset 10)" "${ours[av1_time]}" "$(kib "$s_oa")" "$(psnr_y "$work/ours-av1.mp4" "$source") dB" \
            "$(ratio "${ours[av1_time]}" "$t_fa")" "$(ratio "$s_oa" "$s_fa")"
        row "" mp4 "ffmpeg AV1 (same settings)" "$t_fa" "$(kib "$s_fa")" "$(psnr_y "$work/ff-av1.mp4" "$source") dB"
        chart "AV1 time $clip" "$(ratio "${ours[av1_time]}" "$t_fa")" 1.10
        targets+=("$name: AV1 / our H.264 size = $(ratio "$s_oa" "${ours[mp4_bytes]}"), time = $(ratio "${ours[av1_time]}" "${ours[mp4_time]}"); time / ffmpeg's = $(ratio "${ours[av1_time]}" "$t_fa")")
    fi
    rm -f "$work"/*.webm "$work"/*.webp "$work"/*.mp4 "$work"/*.gif "$work"/*.apng "$work"/*.rgba
done
echo
printf -- "- %s\n" "${targets[@]}"
echo "- t ratio, s ratio: ours / ffmpeg with the same codec settings. Ours times the encoder alone on frames in memory; ffmpeg's includes reading raw frames."
echo "- WebP frame counts can differ between the two: libwebp folds a frame identical to the one before into its predecessor."
