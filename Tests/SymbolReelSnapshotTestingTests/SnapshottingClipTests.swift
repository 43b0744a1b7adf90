import Foundation
import SnapshotTesting
import SymbolReel
import SymbolReelSnapshotTesting
import SymbolReelTesting
import SymbolTestSupport
import Testing

/// The snapshot strategies on clips, through swift-snapshot-testing's own `assertSnapshot` and
/// `verifySnapshot`: the recorded snapshots in `__Snapshots__` (two text files and one 32-pixel
/// PNG) pin a tiny clip, and each strategy is shown to fail on a changed clip.
@Suite struct SnapshottingClipTests {
    /// The bell, 32×32 at 10 fps for `duration` seconds, with `effect` at 0 s.
    static func clip(_ effect: String = ".bounce", duration: Double = 0.5) throws -> Clip {
        let bell = packageRoot.appendingPathComponent("Samples/bell.svg").path
        let json = ##"{"canvas": {"width": 32, "height": 32, "fps": 10, "duration": \##(duration), "background": "#FFFFFF"},"##
            + ##" "symbol": {"source": "\##(bell)"}, "timeline": [{"at": 0, "effect": "\##(effect)"}]}"##
        return try Clip(preset: JSONDecoder().decode(Preset.self, from: Data(json.utf8)), relativeTo: nil)
    }

    /// A scratch snapshot folder: what a test records here is not committed.
    static func scratch() throws -> String { try makeTemporaryDirectory("snapshots").path }

    @Test func recordedHashes() throws {
        assertSnapshot(of: try SnapshottingClipTests.clip(), as: .frameHashes, named: "bell-bounce")
    }

    @Test func recordedPoses() throws {
        assertSnapshot(of: try SnapshottingClipTests.clip(duration: 0.2), as: .poses, named: "bell-bounce")
    }

    @Test func recordedFrame() throws {
        assertSnapshot(of: try SnapshottingClipTests.clip(), as: .frame(at: 0.2), named: "bell-bounce-0.2s")
    }

    /// The hashes snapshot is the `symbolreel hashes` lines: one per frame, tab-separated.
    @Test func hashesAreOneLineAFrame() throws {
        let clip = try SnapshottingClipTests.clip()
        var text = ""
        Snapshotting<Clip, String>.frameHashes.snapshot(clip).run { text = $0 }
        let lines = text.split(separator: "\n")
        #expect(lines.count == clip.frameCount && clip.frameCount == 5)
        #expect(lines[2] == "2\t0.200000\t\(clip.frameHashes()[2].sha256)")
    }

    /// The poses snapshot reads back as the clip's `FramePose`s.
    @Test func posesReadBack() throws {
        let clip = try SnapshottingClipTests.clip(duration: 0.2)
        var text = ""
        Snapshotting<Clip, String>.poses.snapshot(clip).run { text = $0 }
        // The same poses, each symbol's file named without its folder.
        let expected = clip.poses().map { pose in
            var pose = pose
            for k in pose.symbols.indices { pose.symbols[k].file = URL(fileURLWithPath: pose.symbols[k].file).lastPathComponent }
            return pose
        }
        #expect(try JSONDecoder().decode([FramePose].self, from: Data(text.utf8)) == expected)
        #expect(!text.contains(packageRoot.path), "a recorded snapshot names this checkout's folder")
    }

    /// Each strategy records, then passes on the same clip and fails on another effect.
    @Test(arguments: ["hashes", "poses", "frame", "sheet"])
    func failsOnAnotherEffect(_ kind: String) throws {
        let folder = try SnapshottingClipTests.scratch(); defer { try? FileManager.default.removeItem(atPath: folder) }
        func verify(_ clip: Clip, _ record: SnapshotTestingConfiguration.Record) -> String? {
            switch kind {
            case "hashes": verifySnapshot(of: clip, as: .frameHashes, named: kind, record: record, snapshotDirectory: folder)
            case "poses": verifySnapshot(of: clip, as: .poses, named: kind, record: record, snapshotDirectory: folder)
            case "frame": verifySnapshot(of: clip, as: .frame(at: 0.2), named: kind, record: record, snapshotDirectory: folder)
            default: verifySnapshot(of: clip, as: .contactSheet(count: 4, columns: 2, cellWidth: 32), named: kind, record: record,
                                    snapshotDirectory: folder)
            }
        }
        let recorded = verify(try SnapshottingClipTests.clip(), .all)
        #expect(recorded?.contains("Record mode is on") == true, "\(recorded ?? "nil")")
        #expect(verify(try SnapshottingClipTests.clip(), .never) == nil)
        let changed = verify(try SnapshottingClipTests.clip(".wiggle"), .never)
        #expect(changed != nil)
        if kind == "frame" || kind == "sheet" { #expect(changed?.contains("beyond the tolerance") == true, "\(changed ?? "nil")") }
        else { #expect(changed?.contains("@@") == true, "\(changed ?? "nil")") }
    }

    /// PNGs are compared by their pixels within the tolerance, not by their bytes.
    @Test func pngDiffingHasATolerance() throws {
        guard var a = Bitmap(width: 20, height: 10), var far = Bitmap(width: 20, height: 10) else { throw DecodeError("no bitmap") }
        // Opaque grey, premultiplied RGBA.
        a.pixels = (0..<a.pixels.count).map { $0 % 4 == 3 ? 255 : 200 }
        var near = a
        near.pixels[0] = 203   // one channel of one pixel 3 levels off: within .standard
        far.pixels = (0..<far.pixels.count).map { $0 % 4 == 3 ? 255 : 180 }
        func png(_ b: Bitmap) throws -> Data { Data(try PNGFile.encode(PNGFile.image(from: b))) }
        let diffing = Diffing<Data>.png()
        #expect(diffing.diffV2(try png(a), try png(near)) == nil)
        #expect(Diffing<Data>.png(tolerance: .exact).diffV2(try png(a), try png(near)) != nil)
        let failure = diffing.diffV2(try png(a), try png(far))
        #expect(failure?.0.contains("mean RGBA") == true && failure?.0.contains("the difference ×8: ") == true, "\(failure?.0 ?? "nil")")
        guard let wide = Bitmap(width: 10, height: 10) else { throw DecodeError("no bitmap") }
        #expect(diffing.diffV2(try png(a), try png(wide))?.0 == "the image is 10×10, the snapshot 20×10")
    }
}
