#!/usr/bin/env bash
# Raster benchmark: SymbolRasterBench against Skia, Blend2D, ThorVG and cairo on the same
# inputs (bench/raster/paths/*.txt), sizes and per-frame transforms; single-threaded, clear +
# draw per frame, best of 3 runs of 180 frames. Engines are interleaved input by input and the
# whole set is run RASTER_BENCH_PASSES times (default 2), keeping each engine's best, because
# the machine is shared and load comes in bursts. Prints one table: input × size, ms/frame
# per engine, and the ratios ours/Skia and ours/Blend2D (below 1 means we are faster).
# Usage: bench/raster.sh RELEASE_BIN_DIR   (builds SymbolRasterBench there when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
bindir="${1:-.build/release}"
bench="$bindir/SymbolRasterBench"
if [ ! -x "$bench" ]; then
    swift build -c release --product SymbolRasterBench >&2
    bench=".build/release/SymbolRasterBench"
fi
inputs=(bench/raster/paths/*.txt)
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
for _ in $(seq "${RASTER_BENCH_PASSES:-2}"); do
    for input in "${inputs[@]}"; do
        "$bench" "$input" >> "$results"
        python3 bench/raster/reference.py "$input" >> "$results"
    done
done
python3 - "$results" <<'PY'
import sys
rows, skips, engines = {}, [], ["ours", "skia", "blend2d", "thorvg", "cairo"]
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) >= 2 and f[1] == "skip":
        skips.append(line.strip()); continue
    if len(f) == 4:
        row = rows.setdefault((f[1], int(f[2])), {})
        row[f[0]] = min(float(f[3]), row.get(f[0], float("inf")))
print("## Raster: ms/frame (clear + fill, 180 frames, best of 3 runs x passes, single thread)")
print("%-10s %5s " % ("input", "size") + " ".join("%8s" % e for e in engines) + " %10s %12s" % ("ours/skia", "ours/blend2d"))
for (name, size), r in sorted(rows.items()):
    cells = " ".join("%8s" % ("%.3f" % r[e] if e in r else "-") for e in engines)
    ratio = lambda e: "%.2f" % (r["ours"] / r[e]) if "ours" in r and e in r else "-"
    print("%-10s %5d %s %10s %12s" % (name, size, cells, ratio("skia"), ratio("blend2d")))
for s in sorted(set(skips)):
    print("note:", s)
PY
