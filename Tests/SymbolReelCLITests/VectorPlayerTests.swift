import Foundation
import Testing
import SymbolReel
import SymbolTestSupport

/// Our Lottie clips played by ThorVG and rlottie, and our animated SVGs by headless Chromium
/// (paused and seeked with the Web Animations API), each frame compared with our own raster
/// frame at the same time: IoU of the alpha > 0.5 masks ≥ 0.98 and mean difference ≤ 3 levels
/// per premultiplied channel (docs/vector.md). Clips are drawn on a transparent canvas at
/// 400 px wide (edges are a small part of the masks, the suite stays quick); up to five frames a
/// clip, chosen by `frames(of:every:)` (every quarter of it in `make test-exhaustive` and in CI's
/// slice of it, `Requirement.runsInFull`).
@Suite(.serialized) struct VectorPlayerTests {
    static let script = CLI.packageRoot.appendingPathComponent("Tests/SymbolReelCLITests/Browser/vector_players.py")
    static let width = 400
    static let players = ["thorvg", "rlottie", "chromium"]

    /// A clip to play, and what we know it cannot match yet (nil: it must match in every player).
    struct Case {
        var name: String
        var clip: Clip
        var gap: Gap?
        /// Where in the clip the candidate frames lie (0 the first frame, 1 the last); frames
        /// whose pose equals an earlier candidate's are played once (`frames(of:every:)`).
        var fractions: [Double] = Self.everyQuarter
        /// The width the clip is played and drawn at.
        var width = VectorPlayerTests.width

        static let everyQuarter = [0, 0.25, 0.5, 0.75, 1.0]
    }

    /// A known difference: why, in which players (a failure in any other still fails), and the
    /// worst agreement measured in them, over every frame of the exhaustive tier: a frame that
    /// misses the rule but stays within it is the known issue; one past it fails.
    struct Gap {
        var reason: String
        var players: Set<String>
        var minimumIoU: Double
        var maximumMeanDifference: Double

        func check(_ score: FrameAgreement, _ what: String) {
            KnownDeviation("\(reason) (held to IoU ≥ \(minimumIoU), mean difference ≤ \(maximumMeanDifference))").expect(
                strict: score.agrees, tolerated: score.iou >= minimumIoU && score.meanDifference.allSatisfy { $0 <= maximumMeanDifference },
                "\(what): \(score)")
        }
    }

    /// What our files or a player do not draw alike, by preset, with the worst figures measured.
    static let presetGaps: [String: Gap] = [
        // Measured over every quarter of the clip: IoU 0.9726 (ThorVG), 0.9734 (rlottie), 0.9775
        // (Chromium) at frame 35, mean difference ≤ 0.64 (within the rule).
        "magic-replace-fallback": Gap(reason: "the Replace transition's blur is dropped (docs/vector.md)", players: Set(players),
                                      minimumIoU: 0.97, maximumMeanDifference: 3),
        "replace-down-up": Gap(reason: "Chromium draws the unmasked slash of bell.slash about 1 px down-left of where ThorVG, rlottie and "
                               + "we draw it (a static transform too; cause not found): IoU 0.978–0.980 at rest", players: ["chromium"],
                               minimumIoU: 0.975, maximumMeanDifference: 3),
    ]

    @Test(.requires(.thorvg, .rlottie, .chromium, .python3), .timeLimit(.minutes(4)))
    func everyShippedPresetPlaysAlike() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Presets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
        let cases = try names.map { name -> Case in
            var preset = try PresetReader.read(contentsOf: folder.appendingPathComponent(name).path)
            preset.canvas.background = .transparent
            let clip = try Clip(preset: preset, relativeTo: folder.path)
            let stem = String(name.dropLast(5))
            return Case(name: stem, clip: clip, gap: Self.presetGaps[stem])
        }
        try check(cases)
    }

    /// The sample scenes (Scenes/, docs/scenes.md): symbols, labels, texts as outlines, entrances
    /// and scene transitions, on a transparent canvas where the scene has none of its own.
    @Test(.requires(.thorvg, .rlottie, .chromium, .python3), .timeLimit(.minutes(4)))
    func everySampleScenePlaysAlike() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Scenes")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 4)
        let cases = try names.map { name -> Case in
            var preset = try PresetReader.read(contentsOf: folder.appendingPathComponent(name).path)
            preset.canvas.background = .transparent
            let clip = try Clip(preset: preset, relativeTo: folder.path)
            let stem = String(name.dropLast(5))
            // Times when no item is half faded: an item at about 50 % straddles the masks'
            // threshold, where the IoU says nothing about where the ink is.
            let times = Self.sceneTimes[stem] ?? [0, clip.duration / 2, clip.duration]
            let last = Double(clip.frameCount - 1)
            return Case(name: stem, clip: clip, gap: Self.sceneGaps[stem],
                        fractions: times.map { min(1, ($0 * clip.rate.framesPerSecond).rounded() / last) }, width: 1080)
        }
        try check(cases)
    }

    /// The moments of each sample scene that are played: effects and entrances under way, scene
    /// transitions in progress.
    static let sceneTimes: [String: [Double]] = [
        "whats-new": [0.2, 1.6, 2.0, 2.4, 3.9],
        "feature-card": [0.5, 1.0, 2.6, 3.9],
        "social-square": [0.3, 1.2, 2.4, 2.9],
        "three-scenes": [0.2, 1.5, 2.8, 4.0, 5.2, 6.5],
    ]

    /// What the sample scenes' files do not draw alike, with the worst figures measured.
    static let sceneGaps: [String: Gap] = [
        // Measured at 5.2 s (frame 156, mid-crossfade, the blue scene's background under the white
        // one's at 40 %): rlottie gives alpha 253 and colours 2–5 levels darker where ThorVG,
        // Chromium and we give 255 (IoU 1.0, mean difference 5.08/4.02/2.03/2.03); every other
        // frame agrees.
        "three-scenes": Gap(reason: "rlottie loses two levels of alpha where a translucent scene background lies over an opaque one",
                            players: ["rlottie"], minimumIoU: 0.999, maximumMeanDifference: 6),
    ]

    @Test(.requires(.thorvg, .rlottie, .chromium, .python3), .timeLimit(.minutes(4)))
    func everyTransformEffectInEveryModePlaysAlike() throws {
        let effects: [(String, String)] = [
            ("bounce", ".bounce.up.byLayer"), ("scale", ".scale.up.byLayer"), ("pulse", ".pulse.byLayer"),
            ("variable-color", ".variableColor.iterative"), ("wiggle", ".wiggle.clockwise.byLayer"),
            ("breathe", ".breathe.pulse.byLayer"), ("rotate", ".rotate.clockwise.byLayer"),
        ]
        let modes: [(String, String)] = [
            ("monochrome", "\"renderingMode\": \"monochrome\""),
            ("hierarchical", "\"renderingMode\": \"hierarchical\""),
            ("palette", "\"renderingMode\": \"palette\", \"colors\": [\"#FF375F\", \"#30D158\", \"#0A84FF\"]"),
            ("multicolor", "\"renderingMode\": \"multicolor\""),
            ("gradient", "\"renderingMode\": \"hierarchical\", \"colorRendering\": \"gradient\""),
        ]
        let folder = CLI.packageRoot.appendingPathComponent("Samples")
        var cases: [Case] = []
        for (effect, spelling) in effects {
            let symbol = effect == "rotate" ? "fan.svg" : "speaker.waves.svg"
            for (m, (mode, style)) in modes.enumerated() {
                let text = """
                {"canvas": {"width": 320, "height": 320, "fps": 30, "duration": 1.2},
                 "symbol": {"source": "\(symbol)"}, "style": {\(style)},
                 "timeline": [{\(effect == "scale" ? "\"from\": 0, \"until\": 1.2" : "\"at\": 0"), "effect": "\(spelling)"}],
                 "outputs": [{"file": "x.gif"}]}
                """
                let preset = try PresetReader.read(data: Array(text.utf8), file: "\(effect)-\(mode).json")
                // The motion is the effect's in every mode; what a mode changes is which layers
                // show and their paint. So `make test` plays each effect at every quarter in one
                // mode (a different one for each effect) and in the others at ¼ and ½, where it
                // moves; `make test-exhaustive` plays every quarter in every mode.
                // CI's slice of the exhaustive tier plays every quarter of some of the others.
                let full = Requirement.runsInFull(cases.count) || m == effects.firstIndex { $0.0 == effect }! % modes.count
                cases.append(Case(name: "\(effect)-\(mode)", clip: try Clip(preset: preset, relativeTo: folder.path), gap: nil,
                                  fractions: full ? Case.everyQuarter : [0.25, 0.5]))
            }
        }
        // A translucent symbol whose layers overlap (the sun behind the cloud): its opacity
        // applies once to the group, as we draw it on its own buffer (a precomposition, a <g>).
        let fade = """
            {"canvas": {"width": 320, "height": 320, "fps": 30, "duration": 1},
             "symbol": {"source": "cloud.sun.svg"}, "style": {"renderingMode": "palette", "colors": ["#FF375F", "#0A84FF"]},
             "timeline": [{"track": "opacity", "keyframes": [{"value": 0.4, "duration": 0.5, "curve": "linear"},
                                                            {"value": 0.4, "duration": 0.5, "curve": "linear"}]}],
             "outputs": [{"file": "x.gif"}]}
            """
        let preset = try PresetReader.read(data: Array(fade.utf8), file: "translucent-overlap.json")
        cases.append(Case(name: "translucent-overlap", clip: try Clip(preset: preset, relativeTo: folder.path), gap: nil))
        try check(cases)
    }

    /// Erase parts of a layer (a LayerTree's erase pieces: the tram's windows, lamps and door cut
    /// from the tram only), a clear-behind layer cut by its own erase parts (the tram in
    /// monochrome: its copy in the disc's matte keeps the windows as holes), and erasers drawn as
    /// bands (stroke widths): dialect fixtures of our own design, bouncing layer by layer, in
    /// monochrome and multicolor, and drawn on in both.
    @Test(.requires(.thorvg, .rlottie, .chromium, .python3), .timeLimit(.minutes(4)))
    func erasePartsAndSeveralErasersPlayAlike() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/Dialects")
        var cases: [Case] = []
        for file in ["apple-v6-layertree-vehicle-disc", "apple-v7-layertree-stroke", "apple-v7-layertree-erase", "apple-v6-shared-path-stroke",
                     "apple-v6-shared-path-outline"] {
            for mode in ["monochrome", "multicolor"] {
                let text = """
                {"canvas": {"width": 320, "height": 320, "fps": 30, "duration": 1},
                 "symbol": {"source": "\(file).svg"}, "style": {"renderingMode": "\(mode)"},
                 "timeline": [{"at": 0, "effect": ".bounce.up.byLayer"}],
                 "outputs": [{"file": "x.gif"}]}
                """
                let preset = try PresetReader.read(data: Array(text.utf8), file: "\(file)-\(mode).json")
                cases.append(Case(name: "\(file)-\(mode)", clip: try Clip(preset: preset, relativeTo: folder.path), gap: nil))
            }
        }
        // Drawn and erased: each piece of the tram is revealed along its own outline while the
        // erase pieces cut what is drawn so far (in Lottie, layers matted by a reveal and by erasers;
        // in monochrome the drawn, cut tram also clears the disc).
        let draw = """
            {"canvas": {"width": 320, "height": 320, "fps": 30, "duration": 1},
             "symbol": {"source": "apple-v6-layertree-vehicle-disc.svg"}, "style": {"renderingMode": "multicolor"},
             "timeline": [{"at": 0, "effect": ".drawOn.byLayer"}], "outputs": [{"file": "x.gif"}]}
            """
        for mode in ["multicolor", "monochrome"] {
            let text = draw.replacingOccurrences(of: "multicolor", with: mode)
            let preset = try PresetReader.read(data: Array(text.utf8), file: "vehicle-draw-on-\(mode).json")
            // Measured: rlottie shows the disc through the drawn, cut tram's windows at alpha 241 of
            // 255 (a mean difference of 3.1–3.2 levels over the frame), where ThorVG, Chromium and our
            // raster show 255: it loses alpha through the nested inverted mattes.
            let gap = mode == "monochrome"
                ? Gap(reason: "rlottie loses about 6 % alpha through nested inverted mattes (windows of a drawn, cut eraser)",
                      players: ["rlottie"], minimumIoU: 0.98, maximumMeanDifference: 3.3) : nil
            cases.append(Case(name: "vehicle-draw-on-\(mode)", clip: try Clip(preset: preset, relativeTo: folder.path), gap: gap))
        }
        try check(cases)
    }

    /// An arrowhead carried by the ring it rides (one path, two subpaths; docs/draw.md): the
    /// ring revealed along its ribs and the arrowhead in a layer of its own moved to the drawn
    /// end, Draw On and Off; and logos knocked out of filled shapes, filled as one path in the
    /// modes their files do not annotate (docs/rendering.md, rule 6), bouncing.
    @Test(.requires(.thorvg, .rlottie, .chromium, .python3), .timeLimit(.minutes(4)))
    func attachmentsOnTheirOwnPathAndWholeGlyphsPlayAlike() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/Dialects")
        // Three quarters into Draw Off only five caption-word fragments remain (about 150 pixels),
        // where Chromium's edges alone give an IoU of 0.968: the ring and its arrowhead, what the
        // case is for, are played while they show.
        let plays: [(file: String, effect: String, mode: String, fractions: [Double])] = [
            ("apple-v7-draw-ring-attachment", ".drawOn", "multicolor", [0.1, 0.25, 0.5, 0.75]),
            ("apple-v7-draw-ring-attachment", ".drawOff", "monochrome", [0.1, 0.25, 0.5]),
            ("apple-v3-knockout-square", ".bounce.up.byLayer", "monochrome", [0, 0.25]),
            ("apple-v3-knockout-dial", ".bounce.up.byLayer", "multicolor", [0, 0.25]),
        ]
        var cases: [Case] = []
        for play in plays {
            let text = """
            {"canvas": {"width": 320, "height": 320, "fps": 30, "duration": 1},
             "symbol": {"source": "\(play.file).svg"}, "style": {"renderingMode": "\(play.mode)"},
             "timeline": [{"at": 0, "effect": "\(play.effect)"}], "outputs": [{"file": "x.gif"}]}
            """
            let name = "\(play.file)\(play.effect)-\(play.mode)"
            let preset = try PresetReader.read(data: Array(text.utf8), file: "\(name).json")
            cases.append(Case(name: name, clip: try Clip(preset: preset, relativeTo: folder.path), gap: nil, fractions: play.fractions))
        }
        try check(cases)
    }

    /// Writes every case as Lottie and SVG, plays them all in one run of the script and compares.
    /// The frames of `c` to play: those at its fractions, less any whose pose (every symbol's
    /// and layer's transform, opacity, blur, draw range and morph) equals one already chosen,
    /// since equal poses draw equal pictures: a clip that starts and ends at rest plays its rest
    /// once. With `every` (the case runs in full: `Requirement.runsInFull`), every candidate, so
    /// the last frame of a clip that ends at rest is played too.
    static func frames(of c: Case, every: Bool) -> [Int] {
        let n = c.clip.frameCount
        let candidates = Array(Set(c.fractions.map { Int(($0 * Double(n - 1)).rounded(.down)) })).sorted()
        // A scene's frames are not one symbol's poses: each candidate is played.
        guard !every, c.clip.scene == nil else { return candidates }
        var picked: [Int] = [], poses: [FramePose] = []
        for f in candidates {
            var pose = c.clip.framePose(index: f)
            (pose.index, pose.seconds) = (0, 0)
            if !poses.contains(pose) { poses.append(pose); picked.append(f) }
        }
        return picked
    }

    func check(_ cases: [Case]) throws {
        let dir = try makeTemporaryDirectory("vector-players")
        defer { try? FileManager.default.removeItem(at: dir) }
        var jobs: [[String: Any]] = []
        var frames: [[Int]] = []
        for (k, c) in cases.enumerated() {
            let out = dir.appendingPathComponent("\(k)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            var lottie = Preset.Output(file: out.appendingPathComponent("clip.json").path, format: .lottie)
            lottie.width = c.width
            var svg = Preset.Output(file: out.appendingPathComponent("clip.svg").path)
            svg.width = c.width
            _ = try c.clip.export([lottie, svg], workers: 1)
            let picked = Self.frames(of: c, every: Requirement.runsInFull(k))
            frames.append(picked)
            let height = c.clip.frame(index: 0, width: c.width).height
            for player in Self.players {
                jobs.append(["player": player, "file": out.appendingPathComponent(player == "chromium" ? "clip.svg" : "clip.json").path,
                             "outdir": out.path, "width": c.width, "height": height,
                             "fps": c.clip.rate.framesPerSecond, "frames": picked])
            }
        }
        let jobFile = dir.appendingPathComponent("jobs.json")
        try JSONSerialization.data(withJSONObject: jobs).write(to: jobFile)
        let chromium = try Requirement.chromium.executable().path
        let run = try Requirement.python3.run([Self.script.path, jobFile.path, chromium], timeout: 1500, comparisons: 0)
        try #require(run.status == 0, "vector_players.py: \(run.output)")

        for (k, c) in cases.enumerated() {
            var failures: [String] = []
            for frame in frames[k] {
                let ours = c.clip.frame(index: frame, width: c.width)
                for player in Self.players {
                    let file = dir.appendingPathComponent("\(k)/\(player)_\(frame).rgba")
                    let theirs = try [UInt8](Data(contentsOf: file))
                    let score = FrameAgreement(ours.pixels, theirs)
                    ReferenceLog.record(player == "chromium" ? "Chromium SVG frames" : "\(player) Lottie frames")
                    guard !score.agrees else { continue }
                    if let gap = c.gap, gap.players.contains(player) {
                        gap.check(score, "\(c.name): \(player) frame \(frame)")
                    } else {
                        failures.append("\(player) frame \(frame): \(score)")
                    }
                }
            }
            #expect(failures.isEmpty, "\(c.name): \(failures.joined(separator: "; "))")
        }
    }
}

/// How closely two premultiplied RGBA8 frames of one size agree: the IoU of their alpha > 0.5
/// masks and the mean absolute difference per channel.
struct FrameAgreement: CustomStringConvertible {
    var iou: Double
    var meanDifference: [Double]

    init(_ a: [UInt8], _ b: [UInt8]) {
        precondition(a.count == b.count, "frames of different sizes")
        var both = 0, either = 0
        var sums = [Double](repeating: 0, count: 4)
        for p in stride(from: 0, to: a.count, by: 4) {
            // A pixel within two levels of the threshold in either frame (a 50 % layer's inside)
            // is on both sides of it at once: it counts for neither mask.
            if abs(Int(a[p + 3]) * 2 - 255) <= 4 || abs(Int(b[p + 3]) * 2 - 255) <= 4 { continue }
            let x = a[p + 3] > 127, y = b[p + 3] > 127
            if x && y { both += 1 }
            if x || y { either += 1 }
            for c in 0..<4 { sums[c] += Double(abs(Int(a[p + c]) - Int(b[p + c]))) }
        }
        iou = either == 0 ? 1 : Double(both) / Double(either)
        meanDifference = sums.map { $0 / Double(a.count / 4) }
    }

    /// IoU ≥ 0.98 and at most 3 levels of mean difference in every channel.
    var agrees: Bool { iou >= 0.98 && meanDifference.allSatisfy { $0 <= 3 } }

    var description: String {
        "IoU \(String(format: "%.4f", iou)), mean difference " + meanDifference.map { String(format: "%.2f", $0) }.joined(separator: "/")
    }
}
