import Foundation
import SymbolTestSupport
import Testing

/// Size budgets (`"maxBytes"`, `--max-bytes`): a file over its budget is written whole and
/// decodes, standard error names it with its size and the budget, and the command exits 79;
/// `batch` renders every other preset and lists every overrun at the end.
@Suite(.startsSymbolreel) struct SizeBudgetTests {
    private static let bell = CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path

    /// A small bouncing bell (8 frames at 40×40) writing `outputs`.
    private func preset(_ outputs: String) -> String {
        """
        { "canvas": {"width": 40, "height": 40, "fps": 20, "duration": 0.4}, "symbol": {"source": "\(SizeBudgetTests.bell)"},
          "timeline": [{"at": 0, "effect": ".bounce"}], "outputs": [\(outputs)] }
        """
    }

    private func folder() throws -> URL { try makeTemporaryDirectory("size-budget") }

    private func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test func renderOverBudgetKeepsTheFileAndExits79() throws {
        let d = try folder(); defer { try? FileManager.default.removeItem(at: d) }
        let presetFile = d.appendingPathComponent("p.json")
        try preset(#"{"file": "tight.gif", "maxBytes": 100}, {"file": "roomy.png", "maxBytes": 10000000}"#)
            .write(to: presetFile, atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", presetFile.path, "--threads", "1"])
        #expect(r.status == 79, "\(r.stderr)")
        let gif = d.appendingPathComponent("tight.gif")
        let bytes = size(gif)
        #expect(bytes > 100)
        // Complete: giflib reads every frame (an interrupted write would have no trailer).
        let decoded = try GIFDecoder.decode(path: gif.path)
        #expect(decoded.frames.count == 8 && decoded.width == 40)
        let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix("over budget: ") }
        #expect(lines.count == 1, "\(r.stderr)")
        let line = String(lines.first ?? "")
        #expect(line.contains(gif.path) && line.contains("is \(bytes) bytes (") && line.contains("over its budget of 100 bytes (100 B)"), "\(line)")
        #expect(!r.stderr.contains("roomy.png is"))
        #expect(FileManager.default.fileExists(atPath: d.appendingPathComponent("roomy.png").path))
        #expect(r.stdout.contains("wrote \(gif.path): 8 frames, \(bytes) bytes"))
    }

    @Test func renderWithinBudgetExitsZero() throws {
        let d = try folder(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("a.apng")
        let r = try CLI.run(["render", SizeBudgetTests.bell, "--effect", ".bounce", "--size", "40", "--fps", "20",
                             "-o", out.path, "--max-bytes", "1MiB", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("over budget"))
        let line = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(line?["maxBytes"] as? Int == 1 << 20 && line?["overBudget"] as? Bool == false)
    }

    /// `--max-bytes` replaces the preset's budget, and its value is checked before anything renders.
    @Test func maxBytesOptionOnRender() throws {
        let d = try folder(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("a.gif")
        let r = try CLI.run(["render", SizeBudgetTests.bell, "--effect", ".bounce", "--size", "40", "--fps", "20",
                             "-o", out.path, "--max-bytes", "50", "--quiet"])
        #expect(r.status == 79, "\(r.stderr)")
        #expect(try GIFDecoder.decode(path: out.path).frames.count > 1)
        #expect(r.stderr.contains("over budget: \(out.path) is \(size(out)) bytes"), "\(r.stderr)")
        for bad in ["0", "-5", "ten", "1.5", "2KB"] {
            let u = try CLI.run(["render", SizeBudgetTests.bell, "-o", d.appendingPathComponent("b.gif").path, "--max-bytes=\(bad)"])
            #expect(u.status == 64 && u.stderr.contains("--max-bytes must be"), "\(bad): \(u.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: d.appendingPathComponent("b.gif").path))
    }

    @Test func batchRendersEveryPresetAndListsEveryOverrun() throws {
        let d = try folder(); defer { try? FileManager.default.removeItem(at: d) }
        let presets = d.appendingPathComponent("presets")
        try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
        try preset(#"{"file": "a.gif", "maxBytes": 100}, {"file": "a.png", "maxBytes": 120}"#)
            .write(to: presets.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try preset(#"{"file": "b.gif"}"#).write(to: presets.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        try preset(#"{"file": "c.gif", "maxBytes": 10000000}"#).write(to: presets.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
        let out = d.appendingPathComponent("out")
        let r = try CLI.run(["batch", presets.path, "--output-dir", out.path, "--jobs", "2"])
        #expect(r.status == 79, "\(r.stderr)")
        for name in ["a.gif", "b.gif", "c.gif"] { #expect(try GIFDecoder.decode(path: out.appendingPathComponent(name).path).frames.count == 8) }
        #expect(try APNGDecoder.decodeWithLibavformat(path: out.appendingPathComponent("a.png").path).frames.count == 8)
        // The list at the end: both of a.json's outputs, with sizes and budgets.
        let tail = r.stderr.components(separatedBy: "2 outputs are over budget (written whole):\n").last ?? ""
        #expect(r.stderr.contains("2 outputs are over budget (written whole):"), "\(r.stderr)")
        let gif = out.appendingPathComponent("a.gif"), png = out.appendingPathComponent("a.png")
        #expect(tail.contains("a.json: over budget: \(gif.path) is \(size(gif)) bytes"), "\(tail)")
        #expect(tail.contains("over its budget of 100 bytes (100 B)") && tail.contains("over its budget of 120 bytes (120 B)"))
        #expect(tail.contains("a.json: over budget: \(png.path) is \(size(png)) bytes"))
        let rows = r.stdout.split(separator: "\n").map(String.init)
        #expect(rows.contains { $0.contains("a.json") && $0.hasSuffix("over budget") }, "\(r.stdout)")
        #expect(rows.filter { $0.hasSuffix("  ok") }.count == 2)
        #expect(rows.last == "3 of 3 presets rendered, 1 with outputs over budget")
    }

    /// A failed preset is worse than an overrun: its code wins, and the overrun is still listed.
    @Test func batchFailureOutranksBudget() throws {
        let d = try folder(); defer { try? FileManager.default.removeItem(at: d) }
        let presets = d.appendingPathComponent("presets")
        try FileManager.default.createDirectory(at: presets, withIntermediateDirectories: true)
        try preset(#"{"file": "a.gif"}"#).write(to: presets.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try "{ \"name\": ".write(to: presets.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["batch", presets.path, "--output-dir", d.appendingPathComponent("out").path, "--max-bytes", "64", "--quiet"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("1 output is over budget (written whole):") && r.stderr.contains("over its budget of 64 bytes (64 B)"), "\(r.stderr)")
        let within = try CLI.run(["batch", presets.appendingPathComponent("a.json").path, "--output-dir", d.appendingPathComponent("out2").path,
                                  "--max-bytes", "1MiB", "--quiet"])
        #expect(within.status == 0 && within.stderr.isEmpty, "\(within.stderr)")
    }
}
