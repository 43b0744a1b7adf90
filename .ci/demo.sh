#!/usr/bin/env bash
# make demo: render the README's picture (docs/demo.json → docs/demo.gif: five effects and three
# replacements on our own samples), inspect every sample and render a still of each, then render
# every preset in Presets/ and every scene in Scenes/ to its outputs (MP4, GIF, APNG and WebP into out/), and the review gallery
# (out/gallery) with each dotLottie as ThorVG plays it. It needs no Chromium and nothing the tests
# use: the ThorVG step runs Samples/tools/lottie_preview.py in .venv-demo/ (thorvg-python and
# Pillow, which `make setup-demo` installs at the versions of Tests/requirements.txt).
set -euo pipefail
bin="$1"; out="$2"
"$bin" render docs/demo.json --quiet
bytes=$(wc -c < docs/demo.gif)
echo "rendered docs/demo.gif ($bytes bytes)"
if [ "$bytes" -ge 409600 ]; then echo "warning: docs/demo.gif is over 400 KB; lower its fps, size or maxColors" >&2; fi
mkdir -p "$out/inspect" "$out/frames"
for f in Samples/*.svg Samples/icons/*.svg; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .svg)
    "$bin" inspect "$f" > "$out/inspect/$name.txt"
    "$bin" inspect --json "$f" > "$out/inspect/$name.json"
    "$bin" frame "$f" --at 0 --size 512 --mode hierarchical --color "#0A84FF" --background "#FFFFFF" -o "$out/frames/$name.png"
done
echo "inspected and drew $(ls "$out/frames" | wc -l) samples into $out/inspect and $out/frames"
for p in Presets/*.json; do
    [ "$(basename "$p")" = schema.json ] && continue
    "$bin" render "$p"
done
# The scenes (docs/scenes.md): a What's New card, a feature card, a social square and three
# scenes in a row, each to its MP4 and GIF (or WebP) in out/.
for p in Scenes/*.json; do
    "$bin" render "$p" --quiet
    echo "rendered $p"
done
# The review gallery, each preset's dotLottie shown as ThorVG plays it: the CLI writes the page
# and the clips, Samples/tools/lottie_preview.py renders P.thorvg.webp from each P.lottie, and a second
# pass (--reuse keeps the clips) writes the page again with those previews (docs/vector.md).
"$bin" gallery Presets --output-dir "$out/gallery" --quiet
.venv-demo/bin/python Samples/tools/lottie_preview.py "$out/gallery/clips"
"$bin" gallery Presets --output-dir "$out/gallery" --reuse --quiet
echo "wrote the gallery: $out/gallery/index.html"
