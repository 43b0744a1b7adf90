#!/usr/bin/env bash
# make test-package: the Debian package on a Debian that has never seen Swift.
#
#  1. make deb (.ci/deb.sh), and the package's size;
#  2. a clean root of this machine's Debian release (debootstrap --variant=minbase, from the
#     mirror this machine's apt already uses) in .build-deb/test-root;
#  3. inside it (chroot): the README's `apt-get install -y --no-install-recommends
#     ./symbolreel_*.deb`, dependencies from Debian's archive (without recommends, so Depends:
#     alone must be enough); no swift and no -dev package in the root; ldd names no Swift library and finds
#     every library; --version, the man page and the completions are where Debian looks;
#  4. renders Samples/bell.svg with .bounce.up to GIF (timed from the start of apt-get install),
#     and the What's New scene to MP4 (its text needs the fonts-inter the package depends on),
#     MP4 and dotLottie, and runs the README's Kubernetes command (batch --shard auto/8 with
#     JOB_COMPLETION_INDEX) inside the root;
#  5. reads the files back on the host: ffprobe counts the MP4's and the GIF's frames and their
#     length, python3's zipfile and json read the dotLottie; each against the frame count the
#     packaged binary's own `hashes` prints, with the tolerance stated beside it.
#
# Needs root (or sudo), debootstrap (installed when missing), ffprobe and python3 on the host
# (make setup), and the network. A missing one is a failure under CI=true; elsewhere the run
# stops, says SKIPPED and why, and exits 0. KEEP_ROOT=1 leaves the root for a look.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
root="$repo/.build-deb/test-root"
cache="$repo/.build-deb/debootstrap-cache"
started=$(date +%s.%N)

skip() {
    if [ "${CI:-}" = true ]; then echo "test-package: FAILED: $1 (CI=true: nothing is skipped)" >&2; exit 1; fi
    echo "test-package: SKIPPED: $1" >&2
    exit 0
}
fail() { echo "test-package: FAILED: $*" >&2; exit 1; }
seconds_since() { echo "$1 $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }'; }

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null && sudo -n true 2>/dev/null || skip "needs root, or sudo without a password (debootstrap, chroot, mount)"
    sudo="sudo"
fi
command -v dpkg >/dev/null || skip "no dpkg: this is not a Debian system"
if ! command -v debootstrap >/dev/null; then
    echo "test-package: installing debootstrap" >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends debootstrap >&2 \
        || { $sudo apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends debootstrap >&2; } \
        || skip "apt-get could not install debootstrap"
fi
command -v ffprobe >/dev/null || skip "ffprobe is not on PATH (make setup installs ffmpeg)"
command -v python3 >/dev/null || skip "python3 is not on PATH"

# This machine's release and the Debian mirror its apt uses (deb822 .sources first, then
# sources.list): the root is of the same release, from the same place.
. /etc/os-release
suite=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}
sources=""
for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && grep -Eq "^Suites:.*\b$suite\b" "$f" && grep -Eq '^URIs:.*debian' "$f" && { sources=$f; break; }
done
if [ -n "$sources" ]; then
    mirror=$(awk -v s="$suite" '/^URIs:/ { u = $2 } /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == s) { print u; exit } }' "$sources")
else
    mirror=$(awk -v s="$suite" '$1 == "deb" && $3 == s { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)
fi
[ -n "$mirror" ] || skip "no Debian mirror for $suite in /etc/apt/sources.list*"

# 1. The package.
deb=$(bash .ci/deb.sh | tail -1)
[ -f "$deb" ] || fail "make deb wrote no package"
deb_bytes=$(stat -c %s "$deb")
deb_name=$(basename "$deb")

# Mounts inside the root, unmounted in reverse order whatever happens; the root is removed
# only with nothing mounted in it, and rm does not cross into another file system.
mounts=()
cleanup() {
    local i
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
        $sudo umount "${mounts[i]}" 2>/dev/null || $sudo umount -l "${mounts[i]}" || true
    done
    mounts=()
    if [ "${KEEP_ROOT:-}" != 1 ] && [ -d "$root" ]; then
        if grep -q " $root/" /proc/mounts; then
            echo "test-package: something is still mounted under $root; not removing it" >&2
        else
            $sudo rm -rf --one-file-system "$root"
        fi
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mount_in_root() { # type source target
    $sudo mount -t "$1" "$2" "$root$3"
    mounts+=("$root$3")
}
in_root() { $sudo chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

# 2. A clean root.
cleanup
mkdir -p "$cache"
bootstrap_started=$(date +%s.%N)
echo "test-package: debootstrap --variant=minbase $suite from $mirror" >&2
$sudo debootstrap --variant=minbase --cache-dir="$cache" "$suite" "$root" "$mirror" > "$repo/.build-deb/debootstrap.log" 2>&1 \
    || { tail -20 "$repo/.build-deb/debootstrap.log" >&2; fail "debootstrap failed (log: .build-deb/debootstrap.log)"; }
bootstrap_seconds=$(seconds_since "$bootstrap_started")
mount_in_root proc proc /proc
mount_in_root sysfs sysfs /sys
[ -c "$root/dev/null" ] || fail "debootstrap made no /dev/null in the root"
# The host's apt sources (so security updates come as they would on a real machine) and DNS.
if [ -n "$sources" ]; then
    $sudo rm -f "$root/etc/apt/sources.list"
    $sudo cp "$sources" "$root/etc/apt/sources.list.d/"
fi
$sudo cp -L /etc/resolv.conf "$root/etc/resolv.conf"
in_root apt-get update -q > /dev/null || fail "apt-get update failed in the root"

# 3. The install, as the README's CI and container snippets say it, timed to the first GIF.
$sudo mkdir -p "$root/work"
$sudo cp "$deb" Samples/bell.svg "$root/work/"
install_started=$(date +%s.%N)
in_root sh -c "cd /work && apt-get install -y -q --no-install-recommends ./$deb_name" > "$repo/.build-deb/apt-install.log" 2>&1 \
    || { tail -20 "$repo/.build-deb/apt-install.log" >&2; fail "apt-get install ./$deb_name failed (log: .build-deb/apt-install.log)"; }
install_seconds=$(seconds_since "$install_started")
in_root sh -c 'cd /work && symbolreel render bell.svg --effect .bounce.up -o bell.gif --quiet' || fail "render to GIF failed in the root"
first_gif_seconds=$(seconds_since "$install_started")

extra=$(in_root dpkg-query -W -f '${Package}\n' | grep -E -- '-dev$|swift' || true)
[ -z "$extra" ] || fail "the root has packages it should not need: $extra"
in_root sh -c 'command -v swift swiftc' && fail "swift is on the root's PATH"
swift_files=$(in_root find / -xdev \( -name 'libswift*' -o -name 'libFoundation*.so*' -o -name 'libdispatch*' \) -print | head -5)
[ -z "$swift_files" ] || fail "Swift libraries in the root: $swift_files"
ldd_output=$(in_root ldd /usr/bin/symbolreel)
! grep -q 'not found' <<< "$ldd_output" || fail "ldd finds not every library: $(grep 'not found' <<< "$ldd_output")"
! grep -Eq 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' <<< "$ldd_output" || fail "the binary loads Swift libraries: $ldd_output"
version=$(in_root symbolreel --version)
grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+ \(([0-9a-f]{7,}(-dirty)?|unknown)\)$' <<< "$version" || fail "--version printed '$version'"
for file in /usr/share/man/man1/symbolreel.1.gz /usr/share/doc/symbolreel/copyright /usr/share/bash-completion/completions/symbolreel \
    /usr/share/zsh/vendor-completions/_symbolreel /usr/share/fish/vendor_completions.d/symbolreel.fish; do
    [ -s "$root$file" ] || fail "the package installed no $file"
done
in_root bash -c 'source /usr/share/bash-completion/completions/symbolreel && complete -p symbolreel' > /dev/null \
    || fail "the bash completion does not load"

# 4. The other formats, and the README's Kubernetes command on its own copy of the presets.
in_root sh -c 'cd /work && symbolreel render bell.svg --effect .bounce.up -o bell.mp4 -o bell.lottie --quiet' || fail "render to MP4 and dotLottie failed in the root"
frames=$(in_root sh -c 'cd /work && symbolreel hashes bell.svg --effect .bounce.up' | grep -c .)
$sudo mkdir -p "$root/app"
$sudo cp -r Presets Samples Scenes "$root/app/"
# A scene: its text needs the package's fonts-inter (found through fontconfig) and HarfBuzz.
in_root sh -c 'cd /app && symbolreel render Scenes/whats-new.json -o /work/whats-new.mp4 --quiet' \
    || fail "the What's New scene did not render in the root (its text needs fonts-inter, a dependency of the package)"
in_root sh -c 'cd /app && JOB_COMPLETION_INDEX=3 symbolreel batch /app/Presets --output-dir /clips --shard auto/8 --quiet' \
    || fail "batch --shard auto/8 failed in the root"
presets=$(find Presets -maxdepth 1 -name '*.json' ! -name schema.json | wc -l)
shard_presets=$(( (presets - 3 + 7) / 8 ))
shard_files=$(find "$root/clips" -type f | wc -l)
[ "$shard_files" -ge "$shard_presets" ] || fail "shard 3/8 of $presets presets wrote $shard_files files, fewer than its $shard_presets presets"

# 5. Read back on the host. The MP4 holds every frame the binary's hashes list (exactly); the GIF
# is lowered from 60 to 30 fps, so half of them, rounded up (±1); both last frames/60 s within a
# frame (1/30 s). The dotLottie's animation covers the same frames at the same rate.
probe() { ffprobe -v error -count_frames -select_streams v:0 -show_entries "stream=nb_read_frames:format=duration" -of default=nw=1 "$1"; }
scene=$(probe "$root/work/whats-new.mp4")
grep -q '^nb_read_frames=120$' <<< "$scene" || fail "the scene's MP4 has not its 120 frames: $scene"
mp4=$(probe "$root/work/bell.mp4")
gif=$(probe "$root/work/bell.gif")
value() { sed -n "s/^$1=//p" <<< "$2"; }
seconds=$(awk -v f="$frames" 'BEGIN { printf "%.4f", f / 60 }')
check_clip() { # name probe-output expected-frames frame-tolerance
    local n d
    n=$(value nb_read_frames "$2"); d=$(value duration "$2")
    awk -v n="$n" -v e="$3" -v t="$4" 'BEGIN { exit !(n - e <= t && e - n <= t) }' || fail "$1: $n frames, expected $3 ± $4"
    awk -v d="$d" -v s="$seconds" 'BEGIN { exit !(d - s <= 1 / 30 && s - d <= 1 / 30) }' || fail "$1: $d s, expected $seconds s ± 1/30"
    echo "test-package: $1: $n frames, $d s (expected $3 ± $4 frames, $seconds s)" >&2
}
check_clip MP4 "$mp4" "$frames" 0
check_clip GIF "$gif" $(( (frames + 1) / 2 )) 1
python3 - "$root/work/bell.lottie" "$frames" <<'EOF' || fail "the dotLottie does not read back"
import json, sys, zipfile
archive = zipfile.ZipFile(sys.argv[1])
manifest = json.loads(archive.read("manifest.json"))
name = manifest["animations"][0]["id"]
# dotLottie 2 keeps the animation as a/<id>.json, version 1 as animations/<id>.json.
folder = "a" if f"a/{name}.json" in archive.namelist() else "animations"
animation = json.loads(archive.read(f"{folder}/{name}.json"))
frames = int(sys.argv[2])
span = (animation["op"] - animation["ip"]) / animation["fr"] * 60
assert abs(span - frames) <= 1, f"the animation spans {span:.1f} frames at 60 fps, expected {frames} ± 1"
print(f"test-package: dotLottie: {animation['fr']} fps, frames {animation['ip']}…{animation['op']}, {len(animation['layers'])} layers", file=sys.stderr)
EOF

libraries=$(grep -c '=>' <<< "$ldd_output")
echo "test-package: passed"
echo "  package           $deb_name, $deb_bytes bytes ($(awk -v b="$deb_bytes" 'BEGIN { printf "%.1f", b / 1048576 }') MiB); Depends: $(dpkg-deb --field "$deb" Depends)"
echo "  ldd in the root   $libraries libraries, none of Swift's; --version: $version"
echo "  debootstrap       ${bootstrap_seconds} s ($suite, minbase, $mirror)"
echo "  apt-get install   ${install_seconds} s; to the first GIF ${first_gif_seconds} s"
echo "  shard 3/8         $shard_files files for $shard_presets of $presets presets"
echo "  total             $(seconds_since "$started") s"
