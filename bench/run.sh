#!/usr/bin/env bash
# make bench: every release-build measurement in one run, written as bench/REPORT.md (markdown
# tables with ratios, targets and met / not met) and bench/chart.png (the ratios as bars, drawn
# by our own rasterizer: bench/chart). The report is also printed as it is made.
#
#     bash bench/run.sh [RELEASE_BIN]      (default .build/release/symbolreel)
#
# Each section is its own script and runs alone too: bench/raster.sh, bench/encode.sh,
# bench/web.sh, bench/vector.sh, bench/pipeline.sh, bench/scene.sh, bench/render.sh, bench/preview.sh (knobs: RASTER_BENCH_PASSES, RESVG_FRAMES, RESVG_REPEAT, RUNS, MP4_RUNS,
# LONG; this script passes them through). REPORT=… and CHART=… write elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-.build/release/symbolreel}")"
bindir="$(dirname "$bin")"
report="${REPORT:-bench/REPORT.md}"
chartpng="${CHART:-bench/chart.png}"
work="$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-report.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export BENCH_TSV="$work/ratios.tsv"
# Run counts: the scripts' own defaults (a full run took about 20 min on the 2-core
# development machine); set any of these to measure longer or shorter.
export RASTER_BENCH_PASSES="${RASTER_BENCH_PASSES:-2}" RESVG_FRAMES="${RESVG_FRAMES:-12}" RESVG_REPEAT="${RESVG_REPEAT:-2}"
export RUNS="${RUNS:-2}" MP4_RUNS="${MP4_RUNS:-5}" LONG="${LONG:-60}"
PIPELINE_RUNS="${PIPELINE_RUNS:-3}"
: > "$BENCH_TSV"

# The bench programs, release, before any timing (so no section compiles while another runs).
for product in SymbolRasterBench SymbolEncodeBench SymbolBenchChart SymbolPathDataBench; do
    swift build -c release --product "$product" >&2
done

started=$(date -u +%s)
{
    echo "# SymbolReel benchmarks"
    echo
    echo "Written by \`make bench\` (bench/run.sh) in one run; every figure below comes from that run. Chart: [chart.png](chart.png)."
    echo
    echo "## Machine"
    echo
    echo "| | |"
    echo "|---|---|"
    echo "| date | $(date -u '+%Y-%m-%d %H:%M UTC') |"
    echo "| CPU | $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1) |"
    echo "| cores | $(nproc) |"
    echo "| RAM | $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo) |"
    echo "| OS | $(. /etc/os-release && echo "$PRETTY_NAME"), Linux $(uname -r), $(uname -m) |"
    echo "| Swift | $(swift --version 2>/dev/null | head -1) |"
    echo "| ffmpeg | $(ffmpeg -version | head -1 | cut -d' ' -f1-3) |"
    echo "| load average at start | $(cut -d' ' -f1-3 /proc/loadavg) |"
    echo "| run counts | RASTER_BENCH_PASSES=$RASTER_BENCH_PASSES RESVG_FRAMES=$RESVG_FRAMES RESVG_REPEAT=$RESVG_REPEAT RUNS=$RUNS (encoders) MP4_RUNS=$MP4_RUNS PIPELINE_RUNS=$PIPELINE_RUNS E2E_RUNS=${E2E_RUNS:-5} LONG=$LONG |"
    echo
} > "$work/head.md"
cat "$work/head.md"

{
    echo "## Parse: symbolreel inspect --json on every sample"
    echo
    echo "Whole process (start-up included), ms per file, best of 5. No target."
    echo
    echo "| sample | ms |"
    echo "|---|---:|"
    for f in Samples/*.svg; do
        best=""
        for _ in 1 2 3 4 5; do
            s=$(date +%s%N); "$bin" inspect --json "$f" > /dev/null; e=$(date +%s%N)
            ms=$(( (e - s) / 1000000 ))
            if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
        done
        echo "| $(basename "$f") | $best |"
    done
    echo

    echo "## Path data: PathDataParser on 200,000 mixed commands"
    echo
    echo "Release build, best of 5 (bench/pathdata, the SymbolPathDataBench program). No target."
    echo
    line=$("$(swift build -c release --show-bin-path)/SymbolPathDataBench" 2>&1 | grep '^path data:' || echo "path data benchmark failed")
    echo "| input | result |"
    echo "|---|---|"
    echo "| ${line#path data: } | |" | sed 's/, best of 5: / | best of 5: /; s/ | |$/ |/'
    echo

    bash bench/raster.sh "$bindir"
    echo
    bash bench/encode.sh "$bindir"
    echo
    bash bench/web.sh "$bindir"
    echo
    bash bench/vector.sh "$bin"
    echo
    RUNS="$PIPELINE_RUNS" bash bench/pipeline.sh "$bin"
    echo
    RUNS="$PIPELINE_RUNS" bash bench/scene.sh "$bin"
    echo
    bash bench/render.sh "$bin"
    echo
    bash bench/preview.sh "$bin"
    echo
    echo "---"
    echo "Finished $(date -u '+%H:%M UTC'), $(( ($(date -u +%s) - started) / 60 )) min after the first measurement; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
} | tee "$work/body.md"

# Targets at a glance, from the rows the sections collected, then the chart.
{
    echo "## Targets at a glance"
    echo
    echo "The chart's rows: ratios from the sections below (times: ours / reference, lower is better; batch: speed-up, higher is better)."
    echo
    echo "| section | measure | ratio | target | met |"
    echo "|---|---|---:|---|:---:|"
    awk -F'\t' '{
        t = ($4 == "-" || $4 == "") ? "" : (($5 == "higher") ? "≥ " $4 : "≤ " $4)
        m = (t == "") ? "" : ((($5 == "higher") ? $3 >= $4 : $3 <= $4) ? "met" : "**not met**")
        printf "| %s | %s | %.2f | %s | %s |\n", $1, $2, $3, t, m
    }' "$BENCH_TSV"
    echo
    echo "![benchmark ratios](chart.png)"
    echo
} > "$work/summary.md"
# Then the rasterizer's history, kept by hand (bench/history.md), so a run does not drop it.
{ cat "$work/head.md" "$work/summary.md" "$work/body.md"; echo; cat bench/history.md; } > "$report"
"$bindir/SymbolBenchChart" "$BENCH_TSV" "$chartpng" "SYMBOLREEL BENCH: OURS / REFERENCE (BATCH: SPEED-UP), $(date -u +%Y-%m-%d)"
echo "wrote $report and $chartpng" >&2
