import Foundation
import SymbolTestSupport
import Testing

/// `preview`: the live page as headless Chromium sees it (Browser/check_preview.py runs the
/// server and the browser): it loads without console errors in two tabs, the loop animates
/// (the canvas's frame index advances and its pixels change; a loop frame is `frame --frame`'s),
/// scrubbing shows exactly `frame --at`'s pixels, a save reaches both tabs, a broken save lists
/// its JSON path and line:column and keeps the last good loop (its frames still loaded), Export writes the preset's
/// outputs, odd paths get no file, and Ctrl-C leaves nothing behind.
@Suite(.startsSymbolreel) struct PreviewCommandTests {
    /// A 128×128, 30 fps, 1.5 s bell: small enough that each save renders in a fraction of a second.
    private static func preset(effect: String, color: String, fps: String = "30") -> String {
        let bell = CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path
        return """
            {
              "name": "bell",
              "canvas": {"width": 128, "height": 128, "fps": \(fps), "duration": 1.5},
              "symbol": {"source": "\(bell)"},
              "style": {"renderingMode": "monochrome", "colors": ["\(color)"]},
              "timeline": [{"from": 0, "until": 1.5, "effect": "\(effect)"}],
              "outputs": [{"file": "out/bell.gif"}]
            }
            """
    }

    /// The seconds a save may take to reach the page in this test (a debug build, on a loaded
    /// machine); `make bench` measures the release build (bench/preview.sh).
    static let saveBound = 8.0

    @Test(.requires(.chromium, .python3), .timeLimit(.minutes(2)))
    func pageFollowsSavesInHeadlessChromium() throws {
        let work = try makeTemporaryDirectory("preview"); defer { try? FileManager.default.removeItem(at: work) }
        for name in ["preset.json", "first.json"] {
            try Self.preset(effect: ".wiggle", color: "#0A84FF").write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try Self.preset(effect: ".rotate", color: "#FF375F").write(to: work.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        try Self.preset(effect: ".rotate", color: "#FF375F", fps: "\"fast\"").write(to: work.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let script = CLI.packageRoot.appendingPathComponent("Tests/SymbolReelCLITests/Browser/check_preview.py")
        let chromium = try Requirement.chromium.executable().path
        var arguments = [script.path, CLI.executable.path, chromium, work.path, "0.4"]
        if let shot = ProcessInfo.processInfo.environment["SYMBOLREEL_PREVIEW_SCREENSHOT"] { arguments.append(shot) }
        let run = try Requirement.python3.run(arguments, timeout: 100, comparisons: 0)
        #expect(run.status == 0, "check_preview.py: \(run.output.suffix(2000))")
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: work.appendingPathComponent("report.json")))

        #expect(report.url.hasPrefix("http://127.0.0.1:"))
        for odd in report.odd {
            #expect([403, 404].contains(odd.status) && !odd.leaked, "\(odd.path): \(odd.status), leaked: \(odd.leaked)")
        }
        // A rebound domain (another site's name resolving to 127.0.0.1) is refused on every
        // route; the loopback name still works.
        #expect(report.odd.filter { $0.path.contains("rebound.example") && $0.status == 403 }.count == 3, "\(report.odd)")
        #expect(report.localhostStatus == 200)
        #expect(report.survivesDisconnects)
        #expect(report.loaded)
        #expect(report.consoleErrors.isEmpty, "\(report.consoleErrors)")
        #expect(report.loopScreenshots > 1, "the loop showed the same pixels in every screenshot")
        #expect(report.loopIndices > 1, "the canvas drew the same loop frame in every screenshot")
        // The loop is the clip's own frames: loop frame 3 is `frame --frame 3 --width 128` (the
        // 30 fps clip plays every frame: 45 in the loop), pixel for pixel.
        #expect(report.loopFrame.status == 200 && report.loopFrame.index == 3 && report.loopFrame.frames == 45, "\(report.loopFrame)")
        let loopReference = work.appendingPathComponent("loopreference.png")
        let loopRun = try CLI.run(["frame", work.appendingPathComponent("first.json").path, "--frame", "3", "--width", "128", "-o", loopReference.path])
        #expect(loopRun.status == 0, "\(loopRun.stderr)")
        let loopShown = try PNGFile.decode(Array(Data(contentsOf: work.appendingPathComponent("loopframe.png"))))
        #expect(loopShown == (try PNGFile.decode(Array(Data(contentsOf: loopReference)))), "loop frame 3 differs from frame --frame 3")

        // The scrubbed frame is `frame --at 0.4` at the preview's width, pixel for pixel (of the
        // preset as it was then: first.json; preset.json has been saved over since).
        #expect(report.scrubbed && report.still.loopHidden)
        #expect(report.still.label.hasPrefix("frame 12 of 45"), "\(report.still.label)")
        #expect(report.still.pose.contains("scale") && report.still.pose.contains("bell.svg"))
        let reference = work.appendingPathComponent("reference.png")
        let frame = try CLI.run(["frame", work.appendingPathComponent("first.json").path, "--at", "0.4", "--width", "128", "-o", reference.path])
        #expect(frame.status == 0, "\(frame.stderr)")
        let shown = try PNGFile.decode(Array(Data(contentsOf: work.appendingPathComponent("scrubbed.png"))))
        let expected = try PNGFile.decode(Array(Data(contentsOf: reference)))
        #expect(shown == expected, "the page's frame at 0.4 s differs from frame --at 0.4")
        ReferenceLog.record("Chromium preview page", 1)

        let good = try #require(report.goodEdit.seconds, "the good save never reached both tabs")
        #expect(good < Self.saveBound, "a save took \(good) s to reach the page")
        let broken = try #require(report.brokenEdit.seconds, "the broken save's problems never showed")
        #expect(broken < Self.saveBound)
        #expect(report.brokenEdit.problems.contains("$.canvas.fps") && report.brokenEdit.problems.contains("preset.json:3:"),
                "\(report.brokenEdit.problems)")
        #expect(report.brokenEdit.sameLoop && report.brokenEdit.loopLoads)

        #expect(report.export.state == "done" && report.export.written.contains("out/bell.gif"), "\(report.export)")
        let gif = try GIFDecoder.decode(path: work.appendingPathComponent("out/bell.gif").path)
        #expect(gif.frames.count > 1)

        #expect(report.exit.status == 0 && report.exit.leftInTmp.isEmpty, "\(report.exit)")
    }

    /// What check_preview.py found.
    struct Report: Decodable {
        struct Odd: Decodable { var path: String; var status: Int; var leaked: Bool }
        struct Still: Decodable { var src: String; var time: String; var label: String; var pose: String; var width: Int; var loopHidden: Bool }
        struct Edit: Decodable { var seconds: Double? }
        struct Broken: Decodable { var seconds: Double?; var problems: String; var sameLoop: Bool; var loopLoads: Bool }
        struct Export: Decodable { var state: String; var written: String }
        struct Exit: Decodable { var status: Int; var stderr: String; var leftInTmp: [String] }
        var url: String
        var odd: [Odd]
        var localhostStatus: Int
        var survivesDisconnects: Bool
        var loaded: Bool
        var loopScreenshots: Int
        var loopIndices: Int
        struct LoopFrame: Decodable { var status: Int; var index: Int; var frames: Int }
        var loopFrame: LoopFrame
        var scrubbed: Bool
        var still: Still
        var goodEdit: Edit
        var brokenEdit: Broken
        var export: Export
        var consoleErrors: [String]
        var exit: Exit
    }
}
