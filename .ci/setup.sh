#!/usr/bin/env bash
# Installs what SymbolReel builds and tests with, only when something is missing.
set -euo pipefail
# chromium and python3: the gallery test drives the review page in headless Chromium from a
# Python script (it skips without them).
# libwebp-dev: the animated WebP encoder (libwebpmux) and the test decoder (libwebpdemux). Debian
# bookworm's libavcodec already has libvpx-vp9 and libx265 (`ffmpeg -encoders`).
packages=(libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libgif-dev libpng-dev libwebp-dev pkg-config
          ffmpeg gifsicle apngdis chromium python3)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -q
    $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The independent references are Python from PyPI: resvg, numpy and Pillow for the dialect tests
# (Tests/Reference), jsonschema for the preset writer's output against Presets/schema.json.
# Without them those comparisons are skipped (and say so).
if command -v python3 >/dev/null && ! python3 -c "import resvg_py, numpy, PIL, jsonschema" 2>/dev/null; then
    echo "setup: installing resvg-py numpy Pillow jsonschema (pip)" >&2
    python3 -m pip --version >/dev/null 2>&1 || { [ "$(id -u)" -eq 0 ] && apt-get install -y -q --no-install-recommends python3-pip >/dev/null; }
    python3 -m pip install --quiet resvg-py numpy Pillow jsonschema \
        || python3 -m pip install --quiet --break-system-packages resvg-py numpy Pillow jsonschema \
        || echo "setup: pip could not install resvg-py numpy Pillow jsonschema; the reference comparisons will be skipped" >&2
fi
