#!/usr/bin/env bash
# A package that depends on this repository by path, as a user's would, takes the
# SymbolReelSnapshotTesting product and runs one snapshot test three times: the first run
# records the snapshot (swift-snapshot-testing's default records a missing one and fails), the
# second verifies it and passes, the third renders another effect and must fail with a diff.
# The package is made in a temporary folder and built from nothing each time (its own .build),
# so this is the cost a user pays: a few minutes (the figure is in docs/testing.md).
#   bash .ci/test-snapshot-package.sh [SWIFT]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${1:-swift}
work=$(mktemp -d "${TMPDIR:-/tmp}/symbolreel-snapshot-package.XXXXXX")
# SwiftPM also leaves its lock files beside the temporary folder, named after the build path.
trap 'rm -rf "$work" "${TMPDIR:-/tmp}/$(echo "$work/Consumer/.build" | tr / _)"*.lock' EXIT
started=$(date +%s)

# The package is named after its folder when used by path, so the link is called SymbolReel.
ln -s "$root" "$work/SymbolReel"
mkdir -p "$work/Consumer/Tests/ConsumerTests"
cat > "$work/Consumer/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../SymbolReel"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .testTarget(name: "ConsumerTests", dependencies: [
            .product(name: "SymbolReel", package: "SymbolReel"),
            .product(name: "SymbolReelSnapshotTesting", package: "SymbolReel"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
    ]
)
SWIFT
cat > "$work/Consumer/Tests/ConsumerTests/BellTests.swift" <<SWIFT
import Foundation
import SnapshotTesting
import SymbolReel
import SymbolReelSnapshotTesting
import Testing

@Test func bellAnimation() throws {
    // CONSUMER_EFFECT changes the clip (the third run); the snapshot stays what was recorded.
    let effect = ProcessInfo.processInfo.environment["CONSUMER_EFFECT"] ?? ".bounce"
    let json = #"{"canvas": {"width": 32, "height": 32, "fps": 10, "duration": 0.5},"#
        + #" "symbol": {"source": "$root/Samples/bell.svg"}, "timeline": [{"at": 0, "effect": "\#(effect)"}]}"#
    let clip = try Clip(preset: JSONDecoder().decode(Preset.self, from: Data(json.utf8)), relativeTo: nil)
    assertSnapshot(of: clip, as: .frameHashes, named: "bell")
}
SWIFT

snapshot="$work/Consumer/Tests/ConsumerTests/__Snapshots__/BellTests/bellAnimation.bell.txt"
run() { (cd "$work/Consumer" && env -u SNAPSHOT_TESTING_RECORD "$@" "$swift" test 2>&1) > "$work/log" && return 0 || return 1; }
fail() { echo "test-snapshot-package: $1" >&2; tail -40 "$work/log" >&2; exit 1; }

if run env; then fail "the first run passed, but it had no snapshot to compare with"; fi
grep -q "No reference was found on disk. Automatically recorded snapshot" "$work/log" || fail "the first run did not record the snapshot"
[ "$(wc -l < "$snapshot")" -eq 5 ] || fail "the recorded snapshot is not five frames' lines: $snapshot"
recorded=$(date +%s)

run env || fail "the second run failed against the snapshot it had recorded"
cp "$snapshot" "$work/recorded.txt"

if run env CONSUMER_EFFECT=.wiggle; then fail "a .wiggle passed against the .bounce snapshot"; fi
grep -q "@@ " "$work/log" || fail "the failing run showed no diff of the hashes"
cmp -s "$snapshot" "$work/recorded.txt" || fail "the failing run rewrote the snapshot"

ended=$(date +%s)
echo "test-snapshot-package: recorded, verified, and failed on another effect as it should" \
    "($((recorded - started)) s to build and record, $((ended - started)) s in all)"
