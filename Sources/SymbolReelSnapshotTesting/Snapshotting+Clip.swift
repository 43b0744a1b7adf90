import Foundation
import SnapshotTesting
import SymbolReel
import SymbolReelTesting

// Strategies for swift-snapshot-testing's `assertSnapshot(of: clip, as: …)`. Text snapshots
// (hashes, poses) diff line by line and are exact; image snapshots are PNGs compared with a
// `FrameTolerance`, as `expectFrame` compares goldens. The SymbolReel library itself never
// imports SnapshotTesting: only this module does.

extension Snapshotting where Value == Clip, Format == String {
    /// Every frame's index, time (six decimals) and SHA-256 of its premultiplied RGBA pixels, a
    /// tab-separated line each: the lines `symbolreel hashes` prints. Exact: any pixel changes it.
    public static var frameHashes: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { clip in
            clip.frameHashes().map { "\($0.index)\t\(String(format: "%.6f", $0.seconds))\t\($0.sha256)" }
                .joined(separator: "\n") + "\n"
        }
    }

    /// Every frame's `FramePose` as JSON (sorted keys, one value a line): the motion the timeline
    /// computed, before any pixels, as `symbolreel poses --json` prints it, except that each
    /// symbol's `file` is its file name only: a snapshot recorded in one checkout must verify in
    /// another, at another path.
    public static var poses: Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .lines) { clip in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let poses = clip.poses().map { pose in
                var pose = pose
                for k in pose.symbols.indices { pose.symbols[k].file = URL(fileURLWithPath: pose.symbols[k].file).lastPathComponent }
                return pose
            }
            // FramePose holds numbers and strings only, which JSONEncoder always encodes.
            let data = (try? encoder.encode(poses)) ?? Data()
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }
}

extension Snapshotting where Value == Clip, Format == Data {
    /// The frame on screen at `seconds` (`clip.frameIndex(shownAt:)`), optionally drawn `width`
    /// pixels wide, as a PNG compared within `tolerance`.
    public static func frame(at seconds: Double, width: Int? = nil, tolerance: FrameTolerance = .standard) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .png(tolerance: tolerance)) { clip in
            ClipImages.png(clip.frame(index: clip.frameIndex(shownAt: seconds), width: width))
        }
    }

    /// A contact sheet (`symbolreel sheet`'s drawing): `count` evenly spaced frames, first and
    /// last included, `columns` across, each `cellWidth` pixels wide and labelled with its time,
    /// as a PNG compared within `tolerance`.
    public static func contactSheet(count: Int = 12, columns: Int = 6, cellWidth: Int = 96,
                                    tolerance: FrameTolerance = .standard) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .png(tolerance: tolerance)) { clip in
            let indices = ContactSheet.indices(frameCount: clip.frameCount, count: count)
            // An empty snapshot when the sheet would pass Bitmap's size limit: the diff says so.
            return ContactSheet.make(clip, indices: indices, columns: columns, cellWidth: cellWidth).map(ClipImages.png) ?? Data()
        }
    }
}
