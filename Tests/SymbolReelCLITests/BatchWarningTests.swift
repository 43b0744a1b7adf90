import Foundation
import SymbolTestSupport
import Testing

/// `batch` and `gallery` tell the user what `render` tells them: each clip's warnings and notes
/// (a clamped speed, a GIF resampled from 60 to 30 fps) on standard error, one line per problem
/// starting with the preset's path, and nothing of the kind with `--quiet`.
@Suite(.startsSymbolreel) struct BatchWarningTests {
    static let clamped = "warning: event 0: speed 9 is outside 0.5…2; using 2 [speed-clamped]"
    static let resampled = "GIF delays are whole centiseconds of at least 2 (browsers slow shorter ones down), so 60 fps was resampled to 30 fps."

    /// presets/fast.json (speed 9, clamped; a 60 fps GIF) and presets/calm.json (10 fps, nothing to say).
    private func presets() throws -> URL {
        let d = try makeTemporaryDirectory("batch-warnings")
        let p = d.appendingPathComponent("presets")
        try FileManager.default.createDirectory(at: p, withIntermediateDirectories: true)
        let bell = CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path
        for (name, fps, options) in [("fast", 60, #", "options": ".speed(9)""#), ("calm", 10, "")] {
            try """
                { "canvas": {"width": 32, "height": 32, "fps": \(fps), "duration": 0.5}, "symbol": {"source": "\(bell)"},
                  "timeline": [{"at": 0, "effect": ".bounce"\(options)}], "outputs": [{"file": "\(name).gif"}] }
                """.write(to: p.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        return d
    }

    private func lines(_ text: String, containing word: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains(word) }
    }

    @Test func batchPrintsEachPresetsWarningsUnlessQuiet() throws {
        let d = try presets(); defer { try? FileManager.default.removeItem(at: d) }
        let fast = d.appendingPathComponent("presets/fast.json").path, calm = d.appendingPathComponent("presets/calm.json").path
        let out = d.appendingPathComponent("out")
        for extra in [[], ["--json"]] {
            let r = try CLI.run(["batch", fast, calm, "--output-dir", out.path, "--jobs", "2"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(lines(r.stderr, containing: "[speed-clamped]") == ["\(fast): \(Self.clamped)"], "\(extra): \(r.stderr)")
            let gif = out.appendingPathComponent("fast.gif").path
            #expect(lines(r.stderr, containing: "resampled") == ["\(fast): note: \(gif): \(Self.resampled)"], "\(extra): \(r.stderr)")
            // The calm preset has nothing to report: its only line is its progress line.
            #expect(lines(r.stderr, containing: calm).count == 1, "\(extra): \(r.stderr)")
        }
        let quiet = try CLI.run(["batch", fast, calm, "--output-dir", out.path, "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func galleryPrintsEachPresetsWarningsUnlessQuiet() throws {
        let d = try presets(); defer { try? FileManager.default.removeItem(at: d) }
        let folder = d.appendingPathComponent("presets").path
        let fast = URL(fileURLWithPath: folder).appendingPathComponent("fast.json").relativePath
        let out = d.appendingPathComponent("review")
        let r = try CLI.run(["gallery", folder, "--output-dir", out.path], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r.stderr, containing: "[speed-clamped]") == ["\(fast): \(Self.clamped)"], "\(r.stderr)")
        #expect(lines(r.stderr, containing: "resampled").count == 1 && r.stderr.contains("\(fast): note: "), "\(r.stderr)")
        let quiet = try CLI.run(["gallery", folder, "--output-dir", out.path, "--quiet"], timeout: 120)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}
