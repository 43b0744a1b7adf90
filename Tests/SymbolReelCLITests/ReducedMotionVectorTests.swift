import Foundation
import Testing
import SymbolReel
import SymbolTestSupport

/// The Reduce Motion form a vector file carries (docs/vector.md, "Reduce Motion"): the SVG's
/// under `@media (prefers-reduced-motion: reduce)`, the Lottie's as the segment of a
/// "reduced motion" marker after the clip's own frames. Each is compared with our own raster
/// frames of the same preset with `"reduceMotion": true` (the reference is our renderer, as in
/// `VectorPlayerTests`, with the same `FrameAgreement` bars), played by players we did not
/// write: headless Chromium with and without the media feature emulated, ThorVG and rlottie
/// seeking within the marker each of them finds in the file.
@Suite(.serialized) struct ReducedMotionVectorTests {
    static let width = 400
    /// The Replace's own form blurs its symbols, which vector files drop (docs/vector.md):
    /// measured IoU 0.9598 (ThorVG), 0.9626 (rlottie), 0.9679 (Chromium) at frame 11, mean
    /// difference ≤ 1.62 (within the rule).
    static let replaceBlur = VectorPlayerTests.Gap(reason: "the Replace blur is dropped (docs/vector.md)", players: Set(VectorPlayerTests.players),
                                                   minimumIoU: 0.955, maximumMeanDifference: 3)

    /// A bounce (Reduce Motion: an opacity dip, no scale) and a Replace (Reduce Motion: the fade
    /// without the scale), on a transparent canvas.
    static let presets: [(name: String, timeline: String, symbol: String)] = [
        ("bounce", "[{\"at\": 0, \"effect\": \".bounce.up.byLayer\"}]", "speaker.waves.svg"),
        ("replace", "[{\"at\": 0.1, \"replaceWith\": \"bell.badge.svg\", \"effect\": \".replace.upUp\"}]", "bell.svg"),
    ]

    static func clip(_ p: (name: String, timeline: String, symbol: String), reduceMotion: Bool) throws -> Clip {
        let text = """
            {"canvas": {"width": 320, "height": 320, "fps": 30, "duration": 1},
             "symbol": {"source": "\(p.symbol)"}, "style": {"renderingMode": "hierarchical", "reduceMotion": \(reduceMotion)},
             "timeline": \(p.timeline), "outputs": [{"file": "x.gif"}]}
            """
        let preset = try PresetReader.read(data: Array(text.utf8), file: "\(p.name).json")
        return try Clip(preset: preset, relativeTo: CLI.packageRoot.appendingPathComponent("Samples").path)
    }

    /// The Lottie keeps the clip's frames at 0..<N under "standard motion" and the Reduce Motion
    /// form at N..<2N under "reduced motion" (`op` covers both); the SVG carries a media query;
    /// both forms have the same layers and shapes; a Lottie is written without the form unless
    /// asked, an SVG with it unless told not to.
    @Test func filesCarryBothFormsWithTheSameLayers() throws {
        let dir = try makeTemporaryDirectory("reduced-motion-structure")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try Self.clip(Self.presets[0], reduceMotion: false)
        let n = clip.frameCount
        var lottie = Preset.Output(file: dir.appendingPathComponent("both.json").path, format: .lottie)
        lottie.reducedMotion = true
        let plain = Preset.Output(file: dir.appendingPathComponent("plain.json").path, format: .lottie)
        var svgWithout = Preset.Output(file: dir.appendingPathComponent("plain.svg").path)
        svgWithout.reducedMotion = false
        var hover = Preset.Output(file: dir.appendingPathComponent("hover.svg").path)
        hover.trigger = .hover
        _ = try clip.export([lottie, plain, Preset.Output(file: dir.appendingPathComponent("both.svg").path), svgWithout, hover], workers: 1)

        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("both.json"))) as? [String: Any])
        #expect(doc["op"] as? Int == 2 * n)
        let markers = try #require(doc["markers"] as? [[String: Any]])
        #expect(markers.count == 2)
        #expect(markers.first { $0["cm"] as? String == "standard motion" }.map { [$0["tm"] as? Int, $0["dr"] as? Int] } == [0, n])
        #expect(markers.first { $0["cm"] as? String == "reduced motion" }.map { [$0["tm"] as? Int, $0["dr"] as? Int] } == [n, n])
        let single = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("plain.json"))) as? [String: Any])
        #expect(single["markers"] == nil && single["op"] as? Int == n)

        let svg = try String(contentsOf: dir.appendingPathComponent("both.svg"), encoding: .utf8)
        #expect(svg.contains("@media (prefers-reduced-motion:reduce){@keyframes rm-"))
        #expect(try !String(contentsOf: dir.appendingPathComponent("plain.svg"), encoding: .utf8).contains("prefers-reduced-motion"))
        // The trigger's selectors rule the Reduce Motion form too.
        let hovered = try String(contentsOf: dir.appendingPathComponent("hover.svg"), encoding: .utf8)
        let media = try #require(hovered.range(of: "@media (prefers-reduced-motion:reduce){"))
        #expect(hovered[media.upperBound...].contains("svg:hover .a"))
        #expect(!hovered[media.upperBound...].contains("}.a"))

        // Posed apart, the two forms give the same layers and shapes: only their frames differ.
        for p in Self.presets {
            let normal = try Self.clip(p, reduceMotion: false).vectorScene()
            let reduced = try Self.clip(p, reduceMotion: true).vectorScene()
            #expect(normal.layers.map(\.name) == reduced.layers.map(\.name), "\(p.name)")
            #expect(zip(normal.layers, reduced.layers).allSatisfy { $0.shapes.map(\.path) == $1.shapes.map(\.path) }, "\(p.name)")
        }
        // A clip that already asks for Reduce Motion is that form alone.
        let already = try Self.clip(Self.presets[0], reduceMotion: true).vectorScene(reducedMotion: true)
        #expect(already.frames(of: .reducedMotion) == nil && already.frameCount == n)
    }

    /// Chromium with `prefers-reduced-motion: reduce` emulated draws the SVG's frames as our
    /// Reduce Motion frames, and without it as our frames; ThorVG and rlottie, seeking within
    /// the "reduced motion" marker, draw our Reduce Motion frames, and frames of the clip's own
    /// segment our frames. The frames compared are ones where the two forms differ beyond the bars.
    @Test(.requires(.thorvg, .rlottie, .chromium, .python3), .timeLimit(.minutes(4)))
    func playersShowTheFormAskedFor() throws {
        let dir = try makeTemporaryDirectory("reduced-motion-players")
        defer { if ProcessInfo.processInfo.environment["SYMBOLREEL_KEEP_FRAMES"] == nil { try? FileManager.default.removeItem(at: dir) } }
        var jobs: [[String: Any]] = []
        var checks: [(name: String, frames: [Int], normal: Clip, reduced: Clip, out: URL)] = []
        for p in Self.presets {
            let normal = try Self.clip(p, reduceMotion: false), reduced = try Self.clip(p, reduceMotion: true)
            let out = dir.appendingPathComponent(p.name)
            for sub in ["normal", "reduced"] {
                try FileManager.default.createDirectory(at: out.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
            var lottie = Preset.Output(file: out.appendingPathComponent("clip.json").path, format: .lottie)
            lottie.width = Self.width
            lottie.reducedMotion = true
            var svg = Preset.Output(file: out.appendingPathComponent("clip.svg").path)
            svg.width = Self.width
            _ = try normal.export([lottie, svg], workers: 1)
            // Frames where the forms differ visibly, and the first (both at rest).
            let n = normal.frameCount
            let frames = [0, n / 8, n / 4, 3 * n / 8, n / 2].filter { f in
                f == 0 || !FrameAgreement(normal.frame(index: f, width: Self.width).pixels, reduced.frame(index: f, width: Self.width).pixels).agrees
            }
            #expect(frames.count >= 2, "\(p.name): the forms should differ beyond the bars in some frame")
            let height = normal.frame(index: 0, width: Self.width).height
            for (sub, reducedForm) in [("normal", false), ("reduced", true)] {
                for player in VectorPlayerTests.players {
                    var job: [String: Any] = ["player": player, "outdir": out.appendingPathComponent(sub).path, "width": Self.width,
                                              "height": height, "fps": normal.rate.framesPerSecond, "frames": frames,
                                              "file": out.appendingPathComponent(player == "chromium" ? "clip.svg" : "clip.json").path]
                    if player == "chromium" { job["reducedMotion"] = reducedForm } else { job["marker"] = reducedForm ? "reduced motion" : "standard motion" }
                    jobs.append(job)
                }
            }
            checks.append((p.name, frames, normal, reduced, out))
        }
        let jobFile = dir.appendingPathComponent("jobs.json")
        try JSONSerialization.data(withJSONObject: jobs).write(to: jobFile)
        let run = try Requirement.python3.run([VectorPlayerTests.script.path, jobFile.path, try Requirement.chromium.executable().path],
                                              timeout: 600, comparisons: 0)
        try #require(run.status == 0, "vector_players.py: \(run.output)")

        for c in checks {
            for frame in c.frames {
                for (sub, clip) in [("normal", c.normal), ("reduced", c.reduced)] {
                    let ours = clip.frame(index: frame, width: Self.width)
                    for player in VectorPlayerTests.players {
                        let theirs = try [UInt8](Data(contentsOf: c.out.appendingPathComponent("\(sub)/\(player)_\(frame).rgba")))
                        let score = FrameAgreement(ours.pixels, theirs)
                        ReferenceLog.record(player == "chromium" ? "Chromium SVG frames (Reduce Motion)" : "\(player) Lottie frames (Reduce Motion)")
                        let what = "\(c.name) \(sub) \(player) frame \(frame)"
                        if c.name == "replace" && sub == "normal" {
                            Self.replaceBlur.check(score, what)
                        } else {
                            #expect(score.agrees, "\(what): \(score)")
                        }
                    }
                }
            }
        }
    }
}
