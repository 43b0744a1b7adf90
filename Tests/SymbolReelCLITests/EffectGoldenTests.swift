import Foundation
import Testing
import SymbolTestSupport
@testable import SymbolReel

/// Three frames (a quarter, half and three quarters through) of every effect preset in
/// Presets/, drawn small, against goldens of our own in Goldens/effects (reviewed as contact
/// sheets when made). They catch any change to an effect's motion or to rendering.
/// Regenerate with SYMBOLREEL_UPDATE_GOLDENS=1 after a deliberate change, and look first.
@Suite struct EffectGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/effects")
    static let marketing: Set<String> = ["download-button", "notifications", "wifi-searching"]

    static let presets: [String] = {
        let dir = CLI.packageRoot.appendingPathComponent("Presets")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.map { String($0.dropLast(5)) }
            .filter { !marketing.contains($0) }.sorted()
    }()

    @Test func oneGoldenSetPerEffectFamily() {
        let families = ["bounce", "pulse", "variable-color", "scale", "wiggle", "rotate", "breathe", "appear", "disappear", "replace",
                        "draw-on", "draw-off", "variable-draw", "magic-replace"]
        for f in families { #expect(EffectGoldenTests.presets.contains { $0.hasPrefix(f) }, "no preset for \(f)") }
    }

    @Test(arguments: presets)
    func framesMatchGoldens(_ name: String) throws {
        let clip = try Clip(presetAt: CLI.packageRoot.appendingPathComponent("Presets/\(name).json").path)
        for q in [1, 2, 3] {
            let index = clip.frameCount * q / 4
            let bitmap = clip.frame(index: index, width: 64)
            let golden = EffectGoldenTests.goldens.appendingPathComponent("\(name)-\(q).png").path
            let result = try GoldenImage.check(bitmap, goldenPath: golden, name: "\(name)-\(q)",
                                               failures: GoldenImage.failuresFolder(testFile: #filePath),
                                               tolerance: GoldenTolerance(meanPerChannel: 0.5, offLevels: 2, offFraction: 0.005))
            #expect(result.passed, "\(name) frame \(index): \(result)")
        }
    }
}

/// `Clip.poses()` as docs/testing.md uses it: the bounce-up preset's first layer peaks at ×1.248
/// on frame 24, and a pose has a layer per layer of the mode's list.
@Suite struct ClipPoseTests {
    @Test func docsExampleHolds() throws {
        let clip = try Clip(presetAt: CLI.packageRoot.appendingPathComponent("Presets/bounce-up.json").path)
        let pose = clip.framePose(index: 24)
        #expect(abs(pose.symbols[0].layers[0].scale - 1.248) < 0.01)
        #expect(pose.symbols[0].layerMode == "hierarchical" && pose.symbols[0].layers.map(\.name) == ["hierarchical-0:primary", "hierarchical-1:primary"])
        let all = clip.poses()
        #expect(all.count == clip.frameCount && all[24] == pose)
        #expect(all[0].symbols[0].layers.allSatisfy { $0.scale == 1 && $0.offset == [0, 0] })
        #expect(clip.poses(frames: 5..<8).map(\.index) == [5, 6, 7])
    }
}
