#!/usr/bin/env bash
# Installs what one use of the repository needs, only what is missing, then checks it is here:
#
#     .ci/setup.sh build   make build, debug, install, fuzz: the C libraries' -dev packages and pkg-config
#     .ci/setup.sh demo    make demo: build's, and python3 with thorvg-python and Pillow in .venv-demo/
#                          (the gallery's ThorVG previews, Samples/tools/lottie_preview.py)
#     .ci/setup.sh test    make test (make setup): build's, the checker programs, and every Python
#                          reference of Tests/requirements.txt in .venv-test/
#     .ci/setup.sh bench   make bench: test's, and gifsicle
#
# It fails, naming what is missing, rather than leave a test to run without its reference: under
# CI=true such a test fails, elsewhere it shows as skipped (Sources/SymbolTestSupport/
# Requirement+Known.swift lists them; the test tier installs each). Python modules go into a
# virtual environment of the project's (python3 -m venv), pinned by Tests/requirements.txt, never
# into the system's python.
set -euo pipefail
cd "$(dirname "$0")/.."
tier="${1:-test}"
requirements=Tests/requirements.txt

# Debian packages. The C libraries build the encoders and the test decoders (libwebp-dev: the
# animated WebP encoder, libwebpmux, and the test decoder, libwebpdemux; bookworm's libavcodec
# already has libvpx-vp9, libx265 and SVT-AV1); HarfBuzz and fontconfig build SymbolText, whose
# default font is Inter (fonts-inter).
build_packages=(libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libgif-dev libpng-dev zlib1g-dev libwebp-dev
                libharfbuzz-dev libfontconfig-dev fonts-inter pkg-config)
# python3-venv: Debian's python3 makes no venv without it.
python_packages=(python3 python3-venv)
# The tests' references: ffprobe (ffmpeg), apngdis, chromium driven by python3 (the gallery and
# preview pages, the animated SVG); make and git for the install and repository tests; HarfBuzz's
# hb-view and hb-shape (libharfbuzz-bin) and tesseract for text, with fonts for the scripts the
# text tests shape (DejaVu: Latin ligatures, Arabic, Hebrew; Lohit: Devanagari).
test_packages=(ffmpeg apngdis chromium make git libharfbuzz-bin tesseract-ocr tesseract-ocr-eng fonts-dejavu-core fonts-lohit-deva)
case "$tier" in
    build) packages=("${build_packages[@]}"); venv=""; modules=() ;;
    demo)  packages=("${build_packages[@]}" "${python_packages[@]}"); venv=.venv-demo; modules=(thorvg-python Pillow) ;;
    test)  packages=("${build_packages[@]}" "${python_packages[@]}" "${test_packages[@]}"); venv=.venv-test; modules=() ;;
    bench) packages=("${build_packages[@]}" "${python_packages[@]}" "${test_packages[@]}" gifsicle); venv=.venv-test; modules=() ;;
    *) echo "setup: unknown tier '$tier' (build, demo, test or bench)" >&2; exit 2 ;;
esac

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
        echo "setup ($tier): installing ${missing[*]}" >&2
        need_root "${missing[@]}"
        export DEBIAN_FRONTEND=noninteractive
        $sudo apt-get update -q || { echo "setup: apt-get update failed" >&2; exit 1; }
        $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" \
            || { echo "setup: apt-get could not install ${missing[*]}" >&2; exit 1; }
    fi
else
    echo "setup ($tier): no dpkg here; install the equivalents of ${packages[*]} yourself (checked below)" >&2
fi

# The virtual environment: made with the python3 on PATH, filled from the requirements file (the
# demo takes two of its modules, at its versions). A copy of what was installed sits in the venv,
# so a second run with the same file does nothing.
if [ -n "$venv" ]; then
    command -v python3 >/dev/null || { echo "setup: python3 is not on PATH" >&2; exit 1; }
    if [ ! -x "$venv/bin/python" ]; then
        echo "setup ($tier): making the virtual environment $venv (python3 -m venv)" >&2
        python3 -m venv "$venv" || { echo "setup: python3 -m venv $venv failed (on Debian it needs python3-venv)" >&2; exit 1; }
    fi
    wanted="$(cat "$requirements") ${modules[*]:-}"
    if [ "$wanted" != "$(cat "$venv/.installed" 2>/dev/null)" ]; then
        echo "setup ($tier): installing ${modules[*]:-$requirements} into $venv (pip, pinned by $requirements)" >&2
        if [ ${#modules[@]} -gt 0 ]; then
            "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -c "$requirements" "${modules[@]}"
        else
            "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
        fi || { echo "setup: pip could not install into $venv" >&2; exit 1; }
        printf '%s' "$wanted" > "$venv/.installed"
    fi
fi

# Whatever the route, everything this tier needs must now be here.
problems=()
command -v pkg-config >/dev/null || problems+=("pkg-config is not on PATH")
for lib in libavcodec libavformat libavutil libswscale libpng libwebp libwebpmux libwebpdemux zlib harfbuzz fontconfig; do
    command -v pkg-config >/dev/null && ! pkg-config --exists "$lib" && problems+=("pkg-config does not find $lib")
done
[ -e /usr/include/gif_lib.h ] || [ -e /usr/local/include/gif_lib.h ] || problems+=("gif_lib.h (giflib's header) is not in /usr/include")
imports=()
case "$tier" in
    demo) imports=(thorvg_python PIL) ;;
    test|bench)
        imports=(resvg_py numpy PIL jsonschema thorvg_python rlottie_python)
        for program in ffprobe ffmpeg apngdis make git mount hb-view hb-shape tesseract; do
            command -v "$program" >/dev/null || problems+=("$program is not on PATH")
        done
        [ "$tier" = bench ] && { command -v gifsicle >/dev/null || problems+=("gifsicle is not on PATH"); }
        if [ -n "${SYMBOLREEL_CHROMIUM:-}" ]; then
            [ -x "$SYMBOLREEL_CHROMIUM" ] || problems+=("SYMBOLREEL_CHROMIUM=$SYMBOLREEL_CHROMIUM is not executable")
        elif ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
            problems+=("neither chromium nor chromium-browser is on PATH")
        fi ;;
esac
for m in "${imports[@]}"; do
    "$venv/bin/python" -c "import $m" 2>/dev/null || problems+=("$venv/bin/python cannot import $m")
done
if [ ${#problems[@]} -gt 0 ]; then
    echo "setup ($tier): not everything is here:" >&2
    for p in "${problems[@]}"; do echo "  - $p" >&2; done
    exit 1
fi
case "$tier" in
    build) echo "setup (build): the build's libraries and pkg-config are here" ;;
    demo)  echo "setup (demo): the build's libraries, and $venv with thorvg-python and Pillow" ;;
    *)     echo "setup ($tier): every reference the tests use is here (ffprobe, apngdis, chromium, $venv/bin/python with ${imports[*]})" ;;
esac
