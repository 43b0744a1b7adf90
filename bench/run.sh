#!/usr/bin/env bash
# make bench: release-build measurements. Each issue adds its section.
set -euo pipefail
bin="$1"
echo "# SymbolReel benchmarks"
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m), $(swift --version 2>/dev/null | head -1)"
echo
echo "## Parse: symbolreel inspect --json on every sample (ms per file, best of 5)"
for f in Samples/*.svg; do
    best=""
    for _ in 1 2 3 4 5; do
        s=$(date +%s%N); "$bin" inspect --json "$f" > /dev/null; e=$(date +%s%N)
        ms=$(( (e - s) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
    done
    printf "%-40s %5s ms\n" "$(basename "$f")" "$best"
done

echo
echo "## Path data: PathDataParser on 200,000 mixed commands (release, best of 5)"
SYMBOLREEL_BENCH=1 swift test -c release --filter PathDataBenchmark 2>&1 | grep '^path data:' || echo "path data benchmark failed"

echo
bash "$(dirname "$0")/raster.sh" "$(dirname "$bin")"

echo
bash "$(dirname "$0")/encode.sh" "$(dirname "$bin")"

echo
bash "$(dirname "$0")/pipeline.sh" "$bin"
