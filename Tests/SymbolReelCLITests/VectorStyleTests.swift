import Foundation
import Testing
import SymbolReel
import SymbolTestSupport

/// Vector clips restyled and started by players we did not write (docs/vector.md, "Colour
/// slots and themes" and "Triggers"): the dotLottie's slots and themes in ThorVG, the same
/// file in rlottie (which knows no slots), the SVG's CSS custom properties and triggers in
/// headless Chromium. Frames are compared with our own raster frames (`FrameAgreement`, the
/// bars of `VectorPlayerTests`) or by colour, with the tolerance stated beside each check.
@Suite(.serialized) struct VectorStyleTests {
    static let script = CLI.packageRoot.appendingPathComponent("Tests/SymbolReelCLITests/Browser/vector_styles.py")
    static let width = 320
    /// The palette clip every test uses: cloud.sun bouncing, sun and cloud in two colours.
    static let red = (r: 0xFF, g: 0x37, b: 0x5F), blue = (r: 0x0A, g: 0x84, b: 0xFF), green = (r: 0x00, g: 0xC8, b: 0x53)

    static func clip(mode: String = "palette", loop: Bool = true) throws -> Clip {
        let text = """
        {"canvas": {"width": 320, "height": 320, "fps": 30, "duration": 1},
         "symbol": {"source": "cloud.sun.svg"},
         "style": {"renderingMode": "\(mode)", "colors": ["#FF375F", "#0A84FF"], "accentColor": "#34C759"},
         "timeline": [{"at": 0, "effect": ".bounce.up"}], "outputs": [{"file": "x.gif"}]}
        """
        let preset = try PresetReader.read(data: Array(text.utf8), file: "cloud-sun-\(mode).json")
        return try Clip(preset: preset, relativeTo: CLI.packageRoot.appendingPathComponent("Samples").path)
    }

    /// Pixels of `frame` (premultiplied RGBA8) that are opaque (alpha ≥ 250) and within
    /// `tolerance` levels of `color` in every channel.
    static func pixels(of color: (r: Int, g: Int, b: Int), in frame: [UInt8], tolerance: Int = 6) -> Set<Int> {
        var out = Set<Int>()
        for p in stride(from: 0, to: frame.count, by: 4) where frame[p + 3] >= 250 {
            let a = Int(frame[p + 3])
            let rgb = (0..<3).map { (Int(frame[p + $0]) * 255 + a / 2) / a }
            if abs(rgb[0] - color.r) <= tolerance, abs(rgb[1] - color.g) <= tolerance, abs(rgb[2] - color.b) <= tolerance { out.insert(p / 4) }
        }
        return out
    }

    func read(_ url: URL) throws -> [UInt8] { try [UInt8](Data(contentsOf: url)) }

    // MARK: dotLottie slots and themes (ThorVG), rlottie

    /// Writes the palette clip as a .lottie and plays it with `vector_styles.py lottie` at
    /// frame 6 (mid-bounce), with `primary` set to green.
    func playLottie() throws -> (dir: URL, frame: Int) {
        let dir = try makeTemporaryDirectory("vector-styles-lottie")
        var output = Preset.Output(file: dir.appendingPathComponent("clip.lottie").path)
        output.width = Self.width
        _ = try Self.clip().export([output], workers: 1)
        let job: [String: Any] = ["file": output.file, "outdir": dir.path, "width": Self.width, "height": Self.width, "frame": 6,
                                  "overrides": ["green": ["primary": [0, 200.0 / 255, 83.0 / 255]]]]
        let jobFile = dir.appendingPathComponent("job.json")
        try JSONSerialization.data(withJSONObject: job).write(to: jobFile)
        let run = try Requirement.python3.run([Self.script.path, "lottie", jobFile.path], timeout: 120, comparisons: 0)
        try #require(run.status == 0, "vector_styles.py: \(run.output)")
        return (dir, 6)
    }

    /// Every opaque pixel ThorVG draws in the palette's primary colour is green once the
    /// `primary` slot is set to green (all of them, within 6 levels), none is left red, and the
    /// secondary colour's pixels stay as they were.
    @Test(.requires(.thorvg, .rlottie, .python3), .timeLimit(.minutes(2)))
    func slotOverrideRecoloursEveryLayerOfThatColour() throws {
        let (dir, _) = try playLottie()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try read(dir.appendingPathComponent("thorvg_default.rgba"))
        let green = try read(dir.appendingPathComponent("thorvg_override_green.rgba"))
        ReferenceLog.record("thorvg Lottie frames")
        let wasRed = Self.pixels(of: Self.red, in: plain), wasBlue = Self.pixels(of: Self.blue, in: plain)
        #expect(wasRed.count > 2000 && wasBlue.count > 2000, "the frame shows both colours: \(wasRed.count) red, \(wasBlue.count) blue")
        let nowGreen = Self.pixels(of: Self.green, in: green)
        #expect(wasRed.subtracting(nowGreen).isEmpty, "\(wasRed.subtracting(nowGreen).count) of \(wasRed.count) red pixels are not green")
        #expect(Self.pixels(of: Self.red, in: green).isEmpty, "red is left")
        #expect(wasBlue.subtracting(Self.pixels(of: Self.blue, in: green)).isEmpty, "blue pixels changed")
    }

    /// The archive's themes, one per rendering mode, each applied in ThorVG to the palette clip,
    /// draw what we draw in that mode: monochrome, hierarchical and palette within the player
    /// bars (IoU ≥ 0.98, mean difference ≤ 3 levels) of our own frame of that mode. Multicolor
    /// is held to its colours: cloud.sun's multicolor layers group the shapes as its hierarchical
    /// ones do, so it must agree too.
    @Test(.requires(.thorvg, .rlottie, .python3), .timeLimit(.minutes(2)))
    func themesSwitchRenderingModes() throws {
        let (dir, frame) = try playLottie()
        defer { try? FileManager.default.removeItem(at: dir) }
        let facts = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("manifest.json"))) as? [String: Any])
        let themes = try #require(facts["themes"] as? [String])
        #expect(Set(themes) == ["monochrome", "hierarchical", "palette", "multicolor"])
        let manifest = try #require(facts["manifest"] as? [String: Any])
        #expect(manifest["version"] as? String == "2")
        for mode in ["monochrome", "hierarchical", "palette", "multicolor"] {
            let ours = try Self.clip(mode: mode).frame(index: frame, width: Self.width).pixels
            let theirs = try read(dir.appendingPathComponent("thorvg_theme_\(mode).rgba"))
            ReferenceLog.record("thorvg Lottie frames")
            let score = FrameAgreement(ours, theirs)
            #expect(score.agrees, "theme \(mode): \(score)")
        }
        // The palette clip itself, as written, is our palette frame.
        let plain = FrameAgreement(try Self.clip().frame(index: frame, width: Self.width).pixels,
                                   try read(dir.appendingPathComponent("thorvg_default.rgba")))
        #expect(plain.agrees, "no theme: \(plain)")
    }

    /// rlottie knows no slots: it plays the values in place, which are the clip's own.
    @Test(.requires(.thorvg, .rlottie, .python3), .timeLimit(.minutes(2)))
    func rlottieStillPlaysTheSlottedFile() throws {
        let (dir, frame) = try playLottie()
        defer { try? FileManager.default.removeItem(at: dir) }
        let score = FrameAgreement(try Self.clip().frame(index: frame, width: Self.width).pixels,
                                   try read(dir.appendingPathComponent("rlottie.rgba")))
        ReferenceLog.record("rlottie Lottie frames")
        #expect(score.agrees, "rlottie: \(score)")
    }

    // MARK: SVG in Chromium: custom properties and triggers

    /// Writes the clip as an SVG with `trigger`, inlines it in a page (`before` and `style`
    /// around it) and runs `actions` in Chromium; returns the folder of shots and states.
    func runPage(_ name: String, trigger: Preset.Output.Trigger?, clip: Clip, style: String = "", before: String = "",
                 actions: [[Any]], in dir: URL) throws -> [String: [String: Any]] {
        var output = Preset.Output(file: dir.appendingPathComponent("\(name).svg").path)
        output.width = Self.width
        output.trigger = trigger
        _ = try clip.export([output], workers: 1)
        let svg = try String(contentsOfFile: output.file, encoding: .utf8)
        let page = "<!doctype html><html><head><style>body{margin:0} svg{display:block} \(style)</style></head><body>\(before)"
            + "<div class=\"host\">\(svg)</div></body></html>"
        let pageURL = dir.appendingPathComponent("\(name).html")
        try page.write(to: pageURL, atomically: true, encoding: .utf8)
        let job: [[String: Any]] = [["page": pageURL.path, "outdir": dir.path, "name": name, "width": Self.width, "height": Self.width,
                                     "actions": actions]]
        let jobFile = dir.appendingPathComponent("\(name)-job.json")
        try JSONSerialization.data(withJSONObject: job).write(to: jobFile)
        let chromium = try Requirement.chromium.executable().path
        let run = try Requirement.python3.run([Self.script.path, "chromium", jobFile.path, chromium], timeout: 120, comparisons: 0)
        try #require(run.status == 0, "vector_styles.py: \(run.output)")
        ReferenceLog.record("Chromium SVG frames")
        let states = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("\(name).json")))
        return states as? [String: [String: Any]] ?? [:]
    }

    /// Page CSS `--symbol-primary: #00C853` on a parent of the inline SVG paints the primary
    /// layers green: every pixel inside our palette frame's red (2 px in from its edges, where
    /// Chromium's coverage may differ from ours by a pixel: IoU 0.989 here) is green in
    /// Chromium (within 6 levels), none is red, and the blue layers stay blue.
    @Test(.requires(.chromium, .python3), .timeLimit(.minutes(2)))
    func pageCSSRecoloursTheInlineSVG() throws {
        let dir = try makeTemporaryDirectory("vector-styles-css")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try Self.clip()
        _ = try runPage("css", trigger: nil, clip: clip, style: ".host{--symbol-primary:#00C853}",
                        actions: [["seek", 0.2], ["shot", "styled"]], in: dir)
        let ours = clip.frame(index: 6, width: Self.width).pixels
        let theirs = try read(dir.appendingPathComponent("css_styled.rgba"))
        let red = Self.inside(Self.pixels(of: Self.red, in: ours)), blue = Self.inside(Self.pixels(of: Self.blue, in: ours))
        #expect(red.count > 2000 && blue.count > 500, "our frame shows both colours: \(red.count) red, \(blue.count) blue inside")
        let notGreen = red.subtracting(Self.pixels(of: Self.green, in: theirs))
        #expect(notGreen.isEmpty, "\(notGreen.count) of \(red.count) red pixels are not green")
        #expect(Self.pixels(of: Self.red, in: theirs).isEmpty, "red is left")
        let notBlue = blue.subtracting(Self.pixels(of: Self.blue, in: theirs))
        #expect(notBlue.isEmpty, "\(notBlue.count) of \(blue.count) blue pixels changed")
    }

    /// The pixels of `set` (indices into a `width`² frame) whose neighbours within 2 px are all
    /// in it.
    static func inside(_ set: Set<Int>) -> Set<Int> {
        set.filter { p in
            let x = p % width, y = p / width
            for dy in -2...2 { for dx in -2...2 {
                let nx = x + dx, ny = y + dy
                if nx < 0 || ny < 0 || nx >= width || ny >= width || !set.contains(ny * width + nx) { return false }
            } }
            return true
        }
    }

    /// The frame the bounce moves furthest from rest, among the first 15 (frame 0 is rest).
    static func movedFrame(_ clip: Clip) -> (index: Int, seconds: Double) {
        let rest = clip.frame(index: 0, width: width).pixels
        let k = (1..<15).min { FrameAgreement(rest, clip.frame(index: $0, width: width).pixels).iou
            < FrameAgreement(rest, clip.frame(index: $1, width: width).pixels).iou }!
        return (k, Double(k) / 30)
    }

    /// With `"trigger": "hover"` the inline SVG stays at rest (frame 0, no animation running)
    /// for 0.6 s of a clip that would have bounced by then, plays once hovered (animations run;
    /// seeked to the frame furthest from rest it draws that frame), and rests again when the
    /// pointer leaves.
    @Test(.requires(.chromium, .python3), .timeLimit(.minutes(2)))
    func hoverTriggerRestsUntilHovered() throws {
        let dir = try makeTemporaryDirectory("vector-styles-hover")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try Self.clip()
        let moved = Self.movedFrame(clip)
        let rest = clip.frame(index: 0, width: Self.width).pixels, played = clip.frame(index: moved.index, width: Self.width).pixels
        try #require(!FrameAgreement(rest, played).agrees, "frame \(moved.index) differs from rest")
        let states = try runPage("hover", trigger: .hover, clip: clip, actions: [
            ["wait", 0.6], ["state", "rest"], ["shot", "rest"], ["hover"], ["wait", 0.2], ["state", "hovered"],
            ["seek", moved.seconds], ["shot", "played"], ["unhover"], ["wait", 0.2], ["state", "left"],
        ], in: dir)
        #expect(states["rest"]?["animations"] as? Int == 0, "\(states)")
        #expect((states["hovered"]?["animations"] as? Int ?? 0) > 0, "\(states)")
        #expect(states["left"]?["animations"] as? Int == 0, "\(states)")
        let atRest = FrameAgreement(rest, try read(dir.appendingPathComponent("hover_rest.rgba")))
        #expect(atRest.agrees, "before hovering, frame 0: \(atRest)")
        let afterHover = FrameAgreement(played, try read(dir.appendingPathComponent("hover_played.rgba")))
        #expect(afterHover.agrees, "hovered, frame \(moved.index): \(afterHover)")
    }

    /// With `"trigger": "in-view"` an SVG below the fold runs no animation (and has no playing
    /// class) until it is scrolled into view; then it plays (seeked, it draws the moved frame),
    /// and stops when scrolled out again.
    @Test(.requires(.chromium, .python3), .timeLimit(.minutes(2)))
    func inViewTriggerPlaysOnlyInView() throws {
        let dir = try makeTemporaryDirectory("vector-styles-in-view")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try Self.clip()
        let moved = Self.movedFrame(clip)
        let states = try runPage("inview", trigger: .inView, clip: clip, before: "<div style=\"height:3000px\"></div>", actions: [
            ["wait", 0.6], ["state", "below"], ["scroll-into-view"], ["wait", 0.3], ["state", "in"],
            ["seek", moved.seconds], ["shot", "played"], ["scroll-top"], ["wait", 0.3], ["state", "out"],
        ], in: dir)
        #expect(states["below"]?["animations"] as? Int == 0 && states["below"]?["playing"] as? Bool == false, "\(states)")
        #expect((states["in"]?["animations"] as? Int ?? 0) > 0 && states["in"]?["playing"] as? Bool == true, "\(states)")
        #expect(states["out"]?["animations"] as? Int == 0 && states["out"]?["playing"] as? Bool == false, "\(states)")
        let score = FrameAgreement(clip.frame(index: moved.index, width: Self.width).pixels, try read(dir.appendingPathComponent("inview_played.rgba")))
        #expect(score.agrees, "in view, frame \(moved.index): \(score)")
    }

    /// `click` plays on a click (the script's class), `focus` when the SVG takes focus; neither
    /// runs an animation before.
    @Test(.requires(.chromium, .python3), .timeLimit(.minutes(2)))
    func clickAndFocusTriggersStartOnTheirEvent() throws {
        let dir = try makeTemporaryDirectory("vector-styles-click")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try Self.clip()
        let click = try runPage("click", trigger: .click, clip: clip, actions: [
            ["wait", 0.4], ["state", "rest"], ["click"], ["wait", 0.2], ["state", "clicked"],
        ], in: dir)
        #expect(click["rest"]?["animations"] as? Int == 0, "\(click)")
        #expect((click["clicked"]?["animations"] as? Int ?? 0) > 0 && click["clicked"]?["playing"] as? Bool == true, "\(click)")
        let focus = try runPage("focus", trigger: .focus, clip: clip, actions: [
            ["wait", 0.4], ["state", "rest"], ["focus"], ["wait", 0.2], ["state", "focused"],
        ], in: dir)
        #expect(focus["rest"]?["animations"] as? Int == 0, "\(focus)")
        #expect((focus["focused"]?["animations"] as? Int ?? 0) > 0, "\(focus)")
    }

    // MARK: The option

    /// `trigger` is read from an .svg output, refused on another format and misspelt values
    /// are named with their JSON path; `loop` plays forever whatever the loop count, `load`
    /// keeps it.
    @Test func triggerIsAnSVGOutputOption() throws {
        func read(_ outputs: String) throws(PresetError) -> Preset {
            try PresetReader.read(data: Array("{\"symbol\": {\"source\": \"a\"}, \"outputs\": [\(outputs)]}".utf8), file: "p.json")
        }
        #expect(try read("{\"file\": \"a.svg\", \"trigger\": \"in-view\"}").outputs[0].trigger == .inView)
        for (output, message) in [("{\"file\": \"a.gif\", \"trigger\": \"hover\"}", "applies to .svg outputs, not gif"),
                                  ("{\"file\": \"a.lottie\", \"trigger\": \"click\"}", "applies to .svg outputs, not dotlottie"),
                                  ("{\"file\": \"a.svg\", \"trigger\": \"hovr\"}", "did you mean \"hover\"")] {
            do {
                _ = try read(output)
                Issue.record("\(output): expected an error")
            } catch {
                #expect(error.problems.first?.path == "$.outputs[0].trigger", "\(error)")
                #expect(error.problems.first?.message.contains(message) == true, "\(error)")
            }
        }
        let dir = try makeTemporaryDirectory("vector-styles-loop")
        defer { try? FileManager.default.removeItem(at: dir) }
        var outputs: [Preset.Output] = []
        for trigger in [Preset.Output.Trigger.load, .loop] {
            var o = Preset.Output(file: dir.appendingPathComponent("\(trigger.rawValue).svg").path)
            o.loop = 1
            o.trigger = trigger
            outputs.append(o)
        }
        _ = try Self.clip().export(outputs, workers: 1)
        let load = try String(contentsOfFile: outputs[0].file, encoding: .utf8), loop = try String(contentsOfFile: outputs[1].file, encoding: .utf8)
        #expect(load.contains("linear 1") && !load.contains("infinite"))
        #expect(loop.contains("linear infinite") && !loop.contains("linear 1"))
        #expect(!load.contains("<script") && !loop.contains("<script"), "load and loop need no script")
    }

    /// `render --trigger` sets the trigger of the -o .svg files, and needs one.
    @Test(.startsSymbolreel) func renderTakesTrigger() throws {
        let dir = try makeTemporaryDirectory("vector-styles-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("bell.svg").path
        let ok = try CLI.run(["render", CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path, "--effect", ".bounce",
                              "-o", svg, "--trigger", "hover", "--quiet"])
        #expect(ok.status == 0, "\(ok.output)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("svg:hover .a"))
        let refused = try CLI.run(["render", CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path, "--effect", ".bounce",
                                   "-o", dir.appendingPathComponent("bell.gif").path, "--trigger", "hover"])
        #expect(refused.status == 64 && refused.output.contains("--trigger hover needs an -o file ending in .svg"), "\(refused.output)")
    }
}
