import Foundation
import SymbolReel
import SymbolReelTesting
import SymbolTestSupport
import Testing

/// `expectFrame` used the way an app's tests would use it: passes within the tolerance, and on
/// a mismatch records an issue and leaves expected, diff and actual PNGs.
@Suite struct FrameExpectationTests {
    private func clip() throws -> Clip {
        let bell = try SymbolReader.read(contentsOf: packageRoot.appendingPathComponent("Samples/bell.svg").path)
        return try Clip(documents: [bell], events: [.discrete(try EffectCall(parsing: ".wiggle").effect, options: .default, at: 0)],
                        settings: RenderSettings(width: 64, height: 64, background: .color(Color(hex: "#FFFFFF")!)),
                        fps: 30, duration: 1)
    }

    private func tmp() throws -> URL { try makeTemporaryDirectory("testing") }

    @Test func aFrameMatchesItsOwnGolden() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let clip = try clip()
        let golden = d.appendingPathComponent("goldens/wiggle-12.png").path
        try writeGolden(clip.frame(index: 12), to: golden)
        #expect(expectFrame(of: clip, index: 12, matchesGolden: golden, tolerance: .exact, failures: d.appendingPathComponent("f").path))
        #expect(!FileManager.default.fileExists(atPath: d.appendingPathComponent("f").path))
        // The golden reads back as the same premultiplied pixels (opaque, so exactly).
        #expect(try readGolden(golden).pixels == clip.frame(index: 12).pixels)
    }

    @Test func smallDifferencesPassWithinTheTolerance() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let frame = try clip().frame(index: 5)
        let golden = d.appendingPathComponent("g.png").path
        try writeGolden(frame, to: golden)
        var nudged = frame
        for i in stride(from: 0, to: 40 * 4, by: 4) { nudged.pixels[i] = nudged.pixels[i] &- 3 }   // 40 pixels, 3 levels of red
        #expect(expectFrame(nudged, matchesGolden: golden, failures: d.path))
        withKnownIssue {
            _ = expectFrame(nudged, matchesGolden: golden, tolerance: .exact, failures: d.appendingPathComponent("f").path)
        }
    }

    @Test func aMismatchRecordsAnIssueAndWritesThreeImages() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let clip = try clip()
        let golden = d.appendingPathComponent("wiggle.png").path
        try writeGolden(clip.frame(index: 0), to: golden)
        let failures = d.appendingPathComponent("failures").path
        var matched = true
        withKnownIssue {
            matched = expectFrame(of: clip, index: 8, matchesGolden: golden, failures: failures)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("beyond the tolerance") && $0.rawValue.contains(failures) }
        }
        #expect(!matched)
        let written = try FileManager.default.contentsOfDirectory(atPath: failures + "/wiggle").sorted()
        #expect(written == ["actual.png", "diff.png", "expected.png"])
        #expect(try readGolden(failures + "/wiggle/actual.png").pixels == clip.frame(index: 8).pixels)
    }

    @Test func aMissingGoldenOrFrameIsAnIssue() throws {
        let clip = try clip()
        withKnownIssue {
            _ = expectFrame(clip.frame(index: 0), matchesGolden: "/nonexistent/golden.png")
        } matching: { $0.comments.contains { $0.rawValue.contains("SYMBOLREEL_UPDATE_GOLDENS=1") } }
        withKnownIssue {
            _ = expectFrame(of: clip, index: 999, matchesGolden: "/nonexistent/golden.png")
        } matching: { $0.comments.contains { $0.rawValue.contains("past the end") } }
    }
}
