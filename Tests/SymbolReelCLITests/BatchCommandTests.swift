import Foundation
import Testing

/// `batch`: folders, parallel presets, failures that do not stop the others, the summary,
/// exit codes, sharding and JSON lines.
@Suite(.startsSymbolreel) struct BatchCommandTests {
    /// A folder of small presets named `names` (each writes NAME.gif and NAME.png).
    private func presets(_ names: [String]) throws -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("symbolreel-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: d.appendingPathComponent("presets"), withIntermediateDirectories: true)
        for name in names { try preset(name).write(to: d.appendingPathComponent("presets/\(name).json"), atomically: true, encoding: .utf8) }
        return d
    }

    private func preset(_ name: String, symbol: String = "bell.svg") -> String {
        let source = CLI.packageRoot.appendingPathComponent("Samples/\(symbol)").path
        return """
            { "name": "\(name)", "canvas": {"width": 40, "height": 40, "fps": 20, "duration": 0.4},
              "symbol": {"source": "\(source)"}, "timeline": [{"at": 0, "effect": ".bounce"}],
              "outputs": [{"file": "../somewhere/\(name).gif"}, {"file": "\(name).png"}] }
            """
    }

    private func files(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test func oneBadPresetDoesNotStopTheOthers() throws {
        let d = try presets(["a", "b", "c"]); defer { try? FileManager.default.removeItem(at: d) }
        try "{ \"name\": ".write(to: d.appendingPathComponent("presets/bad.json"), atomically: true, encoding: .utf8)
        try preset("gone", symbol: "no-such.svg").write(to: d.appendingPathComponent("presets/gone.json"), atomically: true, encoding: .utf8)
        try "{}".write(to: d.appendingPathComponent("presets/schema.json"), atomically: true, encoding: .utf8)
        let out = d.appendingPathComponent("out")
        let r = try CLI.run(["batch", d.appendingPathComponent("presets").path, "--output-dir", out.path, "--jobs", "2"])
        // The first failure in path order (bad.json, invalid JSON) gives the exit code.
        #expect(r.status == 65, "\(r.stderr)")
        #expect(files(out) == ["a.gif", "a.png", "b.gif", "b.png", "c.gif", "c.png"])
        #expect(r.stderr.contains("bad.json:1:") && r.stderr.contains("gone.json") && r.stderr.contains("no-such.svg"))
        let table = r.stdout.split(separator: "\n").map(String.init)
        #expect(table.first?.hasPrefix("preset") == true && table.first?.hasSuffix("outputs  frames     time  status") == true)
        let rows = table.dropFirst().dropLast()
        #expect(rows.map { URL(fileURLWithPath: String($0.split(separator: " ")[0])).lastPathComponent }
                == ["a.json", "b.json", "bad.json", "c.json", "gone.json"])
        #expect(rows.filter { $0.hasSuffix("  ok") }.count == 3)
        #expect(rows.contains { $0.contains("bad.json") && $0.hasSuffix("failed (65)") })
        #expect(rows.contains { $0.contains("gone.json") && $0.hasSuffix("failed (66)") })
        #expect(rows.first { $0.contains("a.json") }?.contains("      2       8  ") == true)   // 2 outputs, 8 frames
        #expect(table.last == "3 of 5 presets rendered, 2 failed")
    }

    @Test func allGoodExitsZeroAndListsJSON() throws {
        let d = try presets(["a", "b"]); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("out")
        let r = try CLI.run(["batch", d.appendingPathComponent("presets/b.json").path, d.appendingPathComponent("presets/a.json").path,
                             "--output-dir", out.path, "--json", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let objects = try r.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(objects.map { URL(fileURLWithPath: $0["file"] as! String).lastPathComponent } == ["a.gif", "a.png", "b.gif", "b.png"])
        #expect(objects.allSatisfy { ($0["frames"] as? Int) == 8 && ($0["preset"] as? String)?.hasSuffix(".json") == true })
    }

    /// WebM, WebP and HEVC outputs in a batch; a wrong codec fails that preset alone, with the
    /// JSON path in the message.
    @Test func webFormatsAndCodecs() throws {
        let d = try presets([]); defer { try? FileManager.default.removeItem(at: d) }
        let source = CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path
        func write(_ name: String, _ outputs: String) throws {
            try """
                { "canvas": {"width": 40, "height": 40, "fps": 20, "duration": 0.4}, "symbol": {"source": "\(source)"},
                  "timeline": [{"at": 0, "effect": ".bounce"}], "outputs": [\(outputs)] }
                """.write(to: d.appendingPathComponent("presets/\(name).json"), atomically: true, encoding: .utf8)
        }
        try write("web", #"{"file": "w.webm"}, {"file": "w.webp", "quality": 80}, {"file": "w.mp4", "codec": "hevc"}"#)
        try write("wrong", #"{"file": "x.webm", "codec": "h264"}"#)
        let out = d.appendingPathComponent("out")
        let r = try CLI.run(["batch", d.appendingPathComponent("presets").path, "--output-dir", out.path, "--json", "--quiet"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(files(out) == ["w.mp4", "w.webm", "w.webp"])
        #expect(r.stderr.contains("$.outputs[0].codec") && r.stderr.contains("a .webm holds \"vp9\""), "\(r.stderr)")
        let formats = r.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["format"] as? String
        }
        #expect(formats.sorted() == ["mp4", "webm", "webp"])
    }

    @Test func failedPresetInJSON() throws {
        let d = try presets(["a"]); defer { try? FileManager.default.removeItem(at: d) }
        let r = try CLI.run(["batch", d.appendingPathComponent("presets").path, d.appendingPathComponent("nothing-here").path,
                             "--output-dir", d.appendingPathComponent("out").path, "--json"])
        #expect(r.status == 66)
        let failed = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["status"] as? String == "failed" }
        #expect(failed.count == 1 && failed[0]["exit"] as? Int == 66 && (failed[0]["error"] as? String)?.contains("nothing-here") == true)
    }

    @Test func twoPresetsWritingOneFile() throws {
        let d = try presets(["a"]); defer { try? FileManager.default.removeItem(at: d) }
        try preset("a").write(to: d.appendingPathComponent("presets/z-copy.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["batch", d.appendingPathComponent("presets").path, "--output-dir", d.appendingPathComponent("out").path])
        #expect(r.status == 73)
        #expect(r.stderr.contains("z-copy.json writes") && r.stderr.contains("a.json already writes"))
        #expect(files(d.appendingPathComponent("out")) == ["a.gif", "a.png"])
    }

    @Test func shardsSplitTheSortedListWithoutOverlap() throws {
        let names = ["p0", "p1", "p2", "p3", "p4"]
        let d = try presets(names); defer { try? FileManager.default.removeItem(at: d) }
        var seen: [[String]] = []
        for i in 0..<2 {
            let out = d.appendingPathComponent("out\(i)")
            let r = try CLI.run(["batch", d.appendingPathComponent("presets").path, "--output-dir", out.path, "--shard", "\(i)/2", "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            seen.append(files(out).filter { $0.hasSuffix(".gif") })
        }
        #expect(seen[0] == ["p0.gif", "p2.gif", "p4.gif"])
        #expect(seen[1] == ["p1.gif", "p3.gif"])
        // auto/N reads a Kubernetes Indexed Job's JOB_COMPLETION_INDEX.
        let out = d.appendingPathComponent("auto")
        let r = try CLI.run(["batch", d.appendingPathComponent("presets").path, "--output-dir", out.path, "--shard", "auto/2", "--quiet"],
                            environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(files(out).filter { $0.hasSuffix(".gif") } == seen[1])
    }

    @Test func badShardsAreUsageErrors() throws {
        for shard in ["2/2", "1", "x/3", "0/0", "-1/2"] {
            let r = try CLI.run(["batch", "Presets", "--output-dir", "/tmp/never", "--shard", shard])
            #expect(r.status == 64, "\(shard)")
            #expect(r.stderr.contains("--shard"), "\(shard): \(r.stderr)")
        }
        let r = try CLI.run(["batch", "Presets", "--output-dir", "/tmp/never", "--shard", "auto/2"], environment: ["JOB_COMPLETION_INDEX": "7"])
        #expect(r.status == 64 && r.stderr.contains("not 0…1"))
    }

    @Test func unwritableOutFolderIs73() throws {
        let d = try presets(["a"]); defer { try? FileManager.default.removeItem(at: d) }
        let blocker = d.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let r = try CLI.run(["batch", d.appendingPathComponent("presets").path, "--output-dir", blocker.appendingPathComponent("out").path])
        #expect(r.status == 73)
        #expect(r.stderr.contains("cannot create the output folder"))
    }
}
