#!/usr/bin/env bash
# Installs what SymbolReel builds and tests with, only when something is missing.
set -euo pipefail
# chromium and python3: the gallery test drives the review page in headless Chromium from a
# Python script (it skips without them).
packages=(libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libgif-dev libpng-dev pkg-config
          ffmpeg gifsicle apngdis chromium python3)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
