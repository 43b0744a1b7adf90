#!/usr/bin/env bash
# make deb: a Debian package of the symbolreel command that runs where no Swift is installed,
# made the Debian way with debhelper (debian/control, debian/rules):
#
#     .build-deb/symbolreel_<version>_<arch>.deb        and its symbolreel-dbgsym_….deb
#
# debian/rules builds the release binary in its own scratch folder (.build-deb) with the Swift
# runtime, Foundation and Dispatch linked statically (ldd must confirm it, below), no RUNPATH and
# no build path recorded (prefix maps), and installs it, its man page and completions with
# `make install`. debhelper writes the control file, md5sums and Installed-Size, strips the
# binary into the -dbgsym package, compresses the man page and the changelog, and finds
# Depends: with dpkg-shlibdeps (libavcodec, libavformat, libswscale, libavutil, giflib, libpng,
# libwebp, zlib and libc/libstdc++/libgcc, nothing else). Two files are written here first,
# not kept in git: debian/changelog from CHANGELOG.md (.ci/debian-changelog.sh) and, once the
# binary is linked, debian/copyright listing every package it links (.ci/debian-copyright.sh).
# SOURCE_DATE_EPOCH is the last commit's time, no build path is recorded, and neither are the
# signatures of the C modules the Swift compiler precompiles (debian/rules: they changed with every
# build and took .swift_modhash and the build ID with them). DEB_REPRODUCIBLE=1 builds twice from
# scratch and fails unless the package and its -dbgsym package are byte for byte the same.
# lintian checks the result and fails the build on an error.
# Prints the package's path on its last line.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-deb

need=()
for program in dpkg-buildpackage dh lintian strip ldd; do
    command -v "$program" >/dev/null || need+=("$program")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "deb: installing dpkg-dev debhelper lintian binutils (for ${need[*]})" >&2
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -q && $sudo apt-get install -y -q --no-install-recommends dpkg-dev debhelper lintian binutils \
        || { echo "deb: apt-get could not install dpkg-dev debhelper lintian binutils" >&2; exit 1; }
fi

SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || echo 0)
export SOURCE_DATE_EPOCH
bash .ci/debian-changelog.sh
version=$(dpkg-parsechangelog -S Version)
arch=$(dpkg --print-architecture)
package="$scratch/symbolreel_${version}_${arch}.deb"

build() {
    rm -f "$package" "$scratch"/symbolreel-dbgsym_*
    dpkg-checkbuilddeps
    debian/rules clean >&2
    debian/rules binary >&2
}
build

# No Swift library may be left to load: the package must not need a toolchain.
swift_libraries=$(ldd debian/symbolreel/usr/bin/symbolreel | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' || true)
if [ -n "$swift_libraries" ]; then
    echo "deb: the binary still loads Swift libraries:" >&2
    echo "$swift_libraries" >&2
    exit 1
fi
if strings debian/symbolreel/usr/bin/symbolreel | grep -q "$PWD"; then
    echo "deb: the binary names the build folder $PWD" >&2
    exit 1
fi

if [ "${DEB_REPRODUCIBLE:-}" = 1 ]; then
    first=$(sha256sum "$package" | cut -d' ' -f1)
    first_debug=$(cat "$scratch"/symbolreel-dbgsym_* | sha256sum | cut -d' ' -f1)
    rm -rf "$scratch/release" "$scratch"/*/release
    build
    second=$(sha256sum "$package" | cut -d' ' -f1)
    second_debug=$(cat "$scratch"/symbolreel-dbgsym_* | sha256sum | cut -d' ' -f1)
    [ "$first" = "$second" ] || { echo "deb: two builds of one commit differ ($first, $second)" >&2; exit 1; }
    [ "$first_debug" = "$second_debug" ] \
        || { echo "deb: two builds of one commit gave different debug symbols ($first_debug, $second_debug)" >&2; exit 1; }
    echo "deb: two builds from scratch gave the same package ($first) and the same -dbgsym package ($first_debug)" >&2
fi

# lintian: errors fail the build; warnings and info are printed (the closing notes explain them).
lintian --fail-on error --tag-display-limit 0 "$package" >&2
echo "deb: $(du -h "$package" | cut -f1) $(dpkg-deb --field "$package" Depends)" >&2
echo "$package"
