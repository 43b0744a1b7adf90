#!/usr/bin/env bash
# make demo: inspect every sample (rendering presets arrives with the pipeline).
set -euo pipefail
bin="$1"; out="$2"
mkdir -p "$out/inspect"
for f in Samples/*.svg Samples/icons/*.svg; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .svg)
    "$bin" inspect "$f" > "$out/inspect/$name.txt"
    "$bin" inspect --json "$f" > "$out/inspect/$name.json"
    echo "inspected $f -> $out/inspect/$name.txt"
done
