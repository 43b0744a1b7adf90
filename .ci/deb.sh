#!/usr/bin/env bash
# make deb: a Debian package of the symbolreel command that runs where no Swift is installed.
#
#     .build-deb/symbolreel_<version>_<arch>.deb
#
# The release binary is built in its own scratch folder (.build-deb, so it never waits for or
# disturbs .build) with --static-swift-stdlib: the Swift runtime, Foundation (with its ICU data)
# and Dispatch are linked in, which ldd must confirm below. What remains dynamic is C: libc,
# libstdc++ and libgcc_s (the runtime's), and the codecs' libraries, which Debian ships and keeps
# patched. `make install` fills a staging root (the man page and completions are generated there,
# not here); Depends: is what dpkg-shlibdeps finds the binary needs, so apt pulls libavcodec,
# libavformat, libswscale, libavutil, giflib, libpng, libwebp and zlib, and nothing else.
# Version: SymbolReelVersion.string (Sources/SymbolReel/Version.swift); architecture: dpkg's.
# Prints the package's path on its last line.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-deb

need=()
for program in dpkg-deb dpkg-shlibdeps strip ldd; do
    command -v "$program" >/dev/null || need+=("$program")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "deb: installing dpkg-dev binutils (for ${need[*]})" >&2
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -q && $sudo apt-get install -y -q --no-install-recommends dpkg-dev binutils \
        || { echo "deb: apt-get could not install dpkg-dev binutils" >&2; exit 1; }
fi

version=$(sed -n 's/.*static let string = "\([^"]*\)".*/\1/p' Sources/SymbolReel/Version.swift)
[ -n "$version" ] || { echo "deb: no version in Sources/SymbolReel/Version.swift" >&2; exit 1; }
arch=$(dpkg --print-architecture)
# Debian wants a name and an address; the project has no list yet, so say who built it.
maintainer=${DEB_MAINTAINER:-"The SymbolReel authors <symbolreel@localhost>"}
package="$scratch/symbolreel_${version}_${arch}.deb"
stage="$scratch/deb-root"
rm -rf "$stage" "$package"
mkdir -p "$stage"

# The binary, its man page and completions, exactly as `make install` puts them (PREFIX=/usr).
# --disable-local-rpath: no RUNPATH $ORIGIN, which would let a library put beside the binary
# in /usr/bin be loaded.
make --no-print-directory install DESTDIR="$PWD/$stage" PREFIX=/usr RELEASE_DIR="$scratch" \
    RELEASE_FLAGS="--scratch-path $scratch --static-swift-stdlib --disable-local-rpath" >&2
binary="$stage/usr/bin/symbolreel"

# No Swift library may be left to load: the package must not need a toolchain.
swift_libraries=$(ldd "$binary" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' || true)
if [ -n "$swift_libraries" ]; then
    echo "deb: the binary still loads Swift libraries:" >&2
    echo "$swift_libraries" >&2
    exit 1
fi

# Debian's layout: a stripped binary (the symbols are for debuggers, not users), a compressed
# man page, zsh completions where Debian's zsh looks (vendor-completions: site-functions is
# only on fpath under /usr/local), the licence as the copyright file, the changelog.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"
gzip -9n "$stage/usr/share/man/man1/symbolreel.1"
mkdir -p "$stage/usr/share/zsh/vendor-completions"
mv "$stage/usr/share/zsh/site-functions/_symbolreel" "$stage/usr/share/zsh/vendor-completions/_symbolreel"
rmdir "$stage/usr/share/zsh/site-functions"
install -D -m 644 LICENSE "$stage/usr/share/doc/symbolreel/copyright"
gzip -9nc CHANGELOG.md > "$stage/usr/share/doc/symbolreel/changelog.gz"
find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f -exec chmod 644 {} +
chmod 755 "$binary"

# Depends: from the shared libraries the binary really loads. dpkg-shlibdeps reads
# debian/control for the package's name, so it runs in a folder that has a minimal one.
shlibs_dir=$(mktemp -d)
trap 'rm -rf "$shlibs_dir"' EXIT
mkdir "$shlibs_dir/debian"
printf 'Source: symbolreel\n\nPackage: symbolreel\nArchitecture: any\n' > "$shlibs_dir/debian/control"
depends=$(cd "$shlibs_dir" && dpkg-shlibdeps -O "$OLDPWD/$binary" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

mkdir -p "$stage/DEBIAN"
(cd "$stage" && find usr -type f -exec md5sum {} + | sort -k 2) > "$stage/DEBIAN/md5sums"
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<EOF
Package: symbolreel
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: graphics
Priority: optional
Description: render SF Symbols animations to video, GIF and Lottie
 symbolreel reads SF Symbols SVG templates and exports, Xcode symbol sets and
 plain SVG icons, plays Apple's symbol effects on them (bounce, wiggle,
 variable colour, Magic Replace and the rest) and writes MP4, WebM, MOV, GIF,
 APNG, animated WebP, Lottie and animated SVG. The Swift runtime is linked in;
 no Swift toolchain is needed.
EOF
dpkg-deb --build --root-owner-group -Zxz "$stage" "$package" >&2
echo "deb: $(du -h "$package" | cut -f1) $(dpkg-deb --field "$package" Depends)" >&2
echo "$package"
