import Foundation
import SymbolTestSupport
import Testing

/// Faults in `render`: each gives its sentence and exit code and leaves no file behind.
@Suite(.startsSymbolreel) struct RenderFaultTests {
    private func tmp() throws -> URL { try makeTemporaryDirectory("fault") }

    private func writePreset(_ d: URL, symbol: String, outputs: String) throws -> String {
        let path = d.appendingPathComponent("p.json")
        try """
            { "canvas": {"width": 48, "height": 48, "fps": 60, "duration": 0.5},
              "symbol": {"source": "\(symbol)"}, "timeline": [{"at": 0, "effect": ".bounce"}],
              "outputs": \(outputs) }
            """.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    @Test func presetWithAMissingSymbol() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let preset = try writePreset(d, symbol: "no-such-symbol.svg", outputs: #"[{"file": "a.gif"}]"#)
        let r = try CLI.run(["render", preset])
        #expect(r.status == 66)
        #expect(r.stderr.contains("p.json:") && r.stderr.contains("no-such-symbol.svg"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path) == ["p.json"])
        let quick = try CLI.run(["render", d.appendingPathComponent("gone.svg").path, "-o", d.appendingPathComponent("b.gif").path])
        #expect(quick.status == 66 && quick.stderr.contains("gone.svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path) == ["p.json"])
    }

    /// The second group (30 fps) cannot be created after the first (60 fps) was written: the
    /// first group's finished file is removed too.
    @Test func aLaterGroupFailingRemovesEarlierOutputs() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        try "x".write(to: d.appendingPathComponent("blocker"), atomically: true, encoding: .utf8)
        let preset = try writePreset(d, symbol: CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path,
                                     outputs: #"[{"file": "ok.png"}, {"file": "blocker/late.gif", "fps": 30}]"#)
        let r = try CLI.run(["render", preset, "--quiet"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("blocker/late.gif") && r.stderr.contains("Check that the folder exists"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).sorted() == ["blocker", "p.json"])
    }
}
