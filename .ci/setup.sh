#!/usr/bin/env bash
# make setup: installs what SymbolReel builds and tests with (only what is missing), then checks
# that every independent reference the tests compare against is really here. It fails, naming
# what is missing, rather than leave a test to run without its reference: under CI=true such a
# test fails, elsewhere it shows as skipped (Sources/SymbolTestSupport/Requirement+Known.swift
# lists them; this script installs each).
set -euo pipefail

# Debian packages. The C libraries build the encoders and the test decoders (libwebp-dev: the
# animated WebP encoder, libwebpmux, and the test decoder, libwebpdemux; bookworm's libavcodec
# already has libvpx-vp9, libx265 and SVT-AV1). The programs are references: ffprobe (ffmpeg),
# apngdis, chromium driven by python3 (the gallery and preview pages); gifsicle and ffmpeg for `make bench`;
# make and git for the install and repository tests; python3-pip for the modules below.
packages=(libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libgif-dev libpng-dev zlib1g-dev libwebp-dev pkg-config
          ffmpeg gifsicle apngdis chromium python3 python3-pip make git)
# Python modules from PyPI, as `import` names and pip names: resvg, numpy and Pillow draw the
# dialect reference (Tests/Reference); Pillow reads WebP; jsonschema checks Presets/schema.json;
# ThorVG and rlottie play our Lottie clips (VectorPlayerTests).
modules=(resvg_py numpy PIL jsonschema thorvg_python rlottie_python)
pip_names=(resvg-py numpy Pillow jsonschema thorvg-python rlottie-python)

sudo=""
need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: $*" >&2; exit 1; }
        sudo="sudo"
    fi
}

if command -v dpkg-query >/dev/null; then
    missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "setup: installing ${missing[*]}" >&2
        need_root "${missing[@]}"
        export DEBIAN_FRONTEND=noninteractive
        $sudo apt-get update -q || { echo "setup: apt-get update failed" >&2; exit 1; }
        $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" \
            || { echo "setup: apt-get could not install ${missing[*]}" >&2; exit 1; }
    fi
else
    echo "setup: no dpkg here; install the equivalents of ${packages[*]} yourself (checked below)" >&2
fi

# The modules go to the python3 on PATH: the one the tests run.
python=$(command -v python3 || true)
missing_modules() {
    local k
    for k in "${!modules[@]}"; do
        "$python" -c "import ${modules[$k]}" 2>/dev/null || echo "${pip_names[$k]}"
    done
}
if [ -n "$python" ]; then
    wanted=$(missing_modules | xargs)
    if [ -n "$wanted" ]; then
        echo "setup: installing $wanted (pip, for $python)" >&2
        # Debian's python3 is "externally managed": pip refuses it without the flag; a venv or
        # pyenv python takes the plain install.
        # shellcheck disable=SC2086
        "$python" -m pip install --quiet $wanted 2>/dev/null \
            || "$python" -m pip install --quiet --break-system-packages $wanted \
            || { echo "setup: pip could not install $wanted for $python" >&2; exit 1; }
    fi
fi

# Whatever the route, every reference must now be here.
problems=()
for program in ffprobe ffmpeg gifsicle apngdis python3 make git mount pkg-config; do
    command -v "$program" >/dev/null || problems+=("$program is not on PATH")
done
if [ -n "${SYMBOLREEL_CHROMIUM:-}" ]; then
    [ -x "$SYMBOLREEL_CHROMIUM" ] || problems+=("SYMBOLREEL_CHROMIUM=$SYMBOLREEL_CHROMIUM is not executable")
elif ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
    problems+=("neither chromium nor chromium-browser is on PATH")
fi
if [ -n "$python" ]; then
    for name in $(missing_modules); do problems+=("$python cannot import the module pip calls $name"); done
fi
if [ ${#problems[@]} -gt 0 ]; then
    echo "setup: the tests' references are not all here; the checks that use them would not run:" >&2
    for p in "${problems[@]}"; do echo "  - $p" >&2; done
    exit 1
fi
echo "setup: every reference the tests use is here (ffprobe, apngdis, chromium, $python with ${modules[*]})"
