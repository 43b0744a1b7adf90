#!/usr/bin/env bash
# Frame hashes of every preset, sample and dialect fixture: each symbol file in every rendering
# mode (and gradient colour rendering) under a set of effects, each preset as written, at a small
# size and frame rate. One line per clip: what was rendered, then the SHA-256 of its frames' hashes.
# Two binaries' outputs compared (`diff`) show which clips a change redraws:
#
#     .ci/frame-hashes.sh .build/debug/symbolreel > before.txt   (then again after the change)
#
# Usage: .ci/frame-hashes.sh <symbolreel binary> [jobs]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1"); jobs=${2:-2}
modes=("--mode monochrome" "--mode hierarchical" "--mode palette --color #FF2D55 --color #5AC8FA --color #FFCC00"
       "--mode multicolor" "--mode hierarchical --gradient")
effects=(.drawOn .drawOff .bounce .variableColor.iterative .appear .disappear .wiggle .breathe.pulse .rotate .pulse)
{
    for f in Samples/*.svg Tests/Fixtures/Dialects/*.svg; do
        for m in "${modes[@]}"; do
            for e in "${effects[@]}"; do printf '%s\t%s\t%s\n' "$f" "$m" "$e"; done
        done
    done
    for p in Presets/*.json; do printf '%s\t%s\t%s\n' "$p" "" ""; done
} | xargs -P "$jobs" -d '\n' -n 1 bash -c '
    IFS=$'"'"'\t'"'"' read -r f m e <<<"$1"
    if [ -n "$e" ]; then
        h=$("'"$bin"'" hashes "$f" --effect "$e" $m --fps 10 --size 96 2>&1 | sha256sum | cut -c1-16)
    else
        h=$("'"$bin"'" hashes "$f" --fps 10 2>&1 | sha256sum | cut -c1-16)
    fi
    printf "%s\t%s\t%s\t%s\n" "$f" "$m" "$e" "$h"' _ | LC_ALL=C sort
