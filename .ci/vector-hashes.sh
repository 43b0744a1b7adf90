#!/usr/bin/env bash
# Hashes of the Lottie and animated SVG files of every preset, and of every sample and dialect
# fixture under a set of effects in three rendering modes: one line per file written. Two
# binaries' outputs compared (`diff`) show which vector files a change rewrites:
#
#     .ci/vector-hashes.sh .build/debug/symbolreel > before.txt   (then again after the change)
#
# Usage: .ci/vector-hashes.sh <symbolreel binary> [jobs]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1"); jobs=${2:-2}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
modes=("--mode monochrome" "--mode hierarchical" "--mode multicolor")
effects=(.drawOn .bounce .variableColor.iterative .disappear)
{
    for f in Samples/*.svg Tests/Fixtures/Dialects/*.svg; do
        for m in "${modes[@]}"; do
            for e in "${effects[@]}"; do printf '%s\t%s\t%s\n' "$f" "$m" "$e"; done
        done
    done
    for p in Presets/*.json; do [ "$p" = Presets/schema.json ] || printf '%s\t%s\t%s\n' "$p" "" ""; done
} | xargs -P "$jobs" -d '\n' -n 1 bash -c '
    IFS=$'"'"'\t'"'"' read -r f m e <<<"$1"
    name=$(printf "%s" "$1" | sha256sum | cut -c1-12)
    for format in lottie svg; do
        file="'"$out"'/$name.$format"
        if [ -n "$e" ]; then
            "'"$bin"'" render "$f" --effect "$e" $m --fps 15 --size 96 --format $format -o "$file" >/dev/null 2>&1 || echo failed > "$file"
        else
            "'"$bin"'" render "$f" --format $format -o "$file" >/dev/null 2>&1 || echo failed > "$file"
        fi
        printf "%s\t%s\t%s\t%s\t%s\n" "$f" "$m" "$e" "$format" "$(sha256sum < "$file" | cut -c1-16)"
    done' _ | LC_ALL=C sort
