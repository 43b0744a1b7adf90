import Foundation
import SymbolTestSupport
import Testing

/// frame, hashes, poses, page, sheet, validate and effects from the command line: outputs, exit codes, messages.
@Suite(.startsSymbolreel) struct CommandTests {
    private func tmp() throws -> URL { try makeTemporaryDirectory("cmd") }

    @Test func frameWritesAPNGOfTheCanvasSize() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("f.png").path
        let r = try CLI.run(["frame", "Samples/bell.svg", "--effect", ".bounce", "--at", "0.1", "--size", "300x200", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR width and height, big-endian at bytes 16…23.
        let w = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w == 300 && h == 200)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path) == ["f.png"])
    }

    @Test func hashesAreOneLinePerFrameAndRepeatable() throws {
        let args = ["hashes", "Samples/wifi.arcs.svg", "--effect", ".variableColor", "--options", ".repeating",
                    "--duration", "0.5", "--fps", "10", "--size", "64"]
        let a = try CLI.run(args), b = try CLI.run(args)
        #expect(a.status == 0)
        let lines = a.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix("1\t0.100000\t"))
        #expect(lines.allSatisfy { $0.split(separator: "\t").last?.count == 64 })
        #expect(a.stdout == b.stdout)
        #expect(Set(lines.map { $0.split(separator: "\t")[2] }).count > 1)   // the effect changes pixels
    }

    @Test func posesPrintEveryLayerOfEveryFrameWithoutPixels() throws {
        // A byLayer bounce at 120 fps: frame 22 is 0.1833 s, a frame short of the first layer's
        // peak (×1.23 at 0.185 s).
        let args = ["poses", "Samples/bell.svg", "--effect", ".bounce", "--fps", "120", "--size", "64"]
        let json = try CLI.run(args + ["--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let frames = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(frames.count == 120)   // the quick form's clip is at least 1 s
        let peak = try #require((frames[25]["symbols"] as? [[String: Any]])?.first?["layers"] as? [[String: Any]])
        #expect(frames[25]["seconds"] as? Double == 0.208333)
        #expect(peak.count == 2 && peak[0]["name"] as? String == "monochrome-0")
        #expect(abs((peak[0]["scale"] as? Double ?? 0) - 1.248) < 0.002)  // the peak is at 0.205 s
        #expect((peak[1]["scale"] as? Double ?? 9) < 1.24)   // the clapper starts 0.067 s later
        // The body grows about the symbol's centre: its own centre moves (up, y < 0).
        #expect(((peak[0]["offset"] as? [Double])?[1] ?? 0) < -1)
        let rest = try #require((frames[0]["symbols"] as? [[String: Any]])?.first?["layers"] as? [[String: Any]])
        #expect(rest.allSatisfy { $0["scale"] as? Double == 1 && $0["opacity"] as? Double == 1 })
        // Text: one frame with --frame, a line per layer.
        let text = try CLI.run(args + ["--frame", "25"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("frame 25  0.208333 s\n"))
        #expect(text.stdout.contains("    monochrome-0: scale 1.24"))
        let both = try CLI.run(args + ["--at", "0.1", "--frame", "1"])
        #expect(both.status == 64 && both.stderr.contains("give at most one of --at SECONDS or --frame N"))
    }

    @Test func encoderNotesReachTheUser() throws {
        let d = try makeTemporaryDirectory("notes"); defer { try? FileManager.default.removeItem(at: d) }
        let gif = d.appendingPathComponent("a.gif").path, mp4 = d.appendingPathComponent("a.mp4").path
        let r = try CLI.run(["render", "Samples/bell.svg", "--effect", ".bounce", "--size", "65", "-o", gif, "-o", mp4])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("note: \(gif): GIF delays are whole centiseconds") && r.stderr.contains("resampled to 30 fps"))
        #expect(r.stderr.contains("note: \(mp4): H.264 needs even sizes: 65×65 was padded to 66×66"))
        let json = try CLI.run(["render", "Samples/bell.svg", "--effect", ".bounce", "--size", "64", "-o", gif, "--json", "--quiet"])
        let line = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((line["notes"] as? [String])?.first?.contains("resampled to 30 fps") == true)
        #expect((line["diagnostics"] as? [Any])?.isEmpty == true)
    }

    /// AV1 in .mp4 and .webm from the command line (SVT-AV1, checked by ffprobe), and a
    /// transparent AV1 WebM refused before anything is written.
    @Test(.requires(.ffprobe)) func av1FromTheCommandLine() throws {
        let d = try makeTemporaryDirectory("av1"); defer { try? FileManager.default.removeItem(at: d) }
        let mp4 = d.appendingPathComponent("a.mp4").path, webm = d.appendingPathComponent("a.webm").path
        let r = try CLI.run(["render", "Samples/bell.svg", "--effect", ".bounce", "--size", "96", "--background", "#FFFFFF",
                             "-o", mp4, "-o", webm, "--codec", "av1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("Svt"), "SVT-AV1 wrote to standard error: \(r.stderr)")
        for path in [mp4, webm] {
            let probe = try Requirement.ffprobe.run(["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name",
                                                     "-of", "csv=p=0", path])
            #expect(probe.stdout == "av1\n", "\(path): \(probe.stderr)")
        }
        let clear = d.appendingPathComponent("clear.webm").path
        let refused = try CLI.run(["render", "Samples/bell.svg", "--effect", ".bounce", "--size", "96", "-o", clear, "--codec", "av1"])
        #expect(refused.status == 65 && refused.stderr.contains("AV1 keeps no alpha"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: clear))
    }

    /// The timeline's warnings and notes reach the user too: printed by render (notes unless
    /// --quiet), and in every --json line as diagnostics with severity and code.
    @Test func timelineNotesReachTheUser() throws {
        let d = try makeTemporaryDirectory("timeline-notes"); defer { try? FileManager.default.removeItem(at: d) }
        let gif = d.appendingPathComponent("a.gif").path
        let args = ["render", "Samples/bell.svg", "--effect", ".scale.up", "--options", ".repeat(2).speed(9)", "--size", "48", "-o", gif]
        let r = try CLI.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning: event 0: speed 9 is outside 0.5…2; using 2 [speed-clamped]"))
        #expect(r.stderr.contains("note: event 0: repeat options do not apply to '.scale.up'; it holds while active [option-ignored]"))
        let quiet = try CLI.run(args + ["--quiet"])
        #expect(!quiet.stderr.contains("note:") && quiet.stderr.contains("[speed-clamped]"))
        let json = try CLI.run(args + ["--json", "--quiet"])
        let line = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(line["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["option-ignored", "speed-clamped"]
                || diagnostics.map { $0["code"] as? String } == ["speed-clamped", "option-ignored"])
        #expect(diagnostics.contains { $0["severity"] as? String == "note" && ($0["message"] as? String)?.contains("holds while active") == true })
    }

    @Test func frameErrors() throws {
        let bad = try CLI.run(["frame", "Samples/bell.svg", "--effect", ".bounse", "--at", "0", "-o", "/tmp/x.png"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("unknown effect 'bounse' at 1; did you mean 'bounce'?"))
        let past = try CLI.run(["frame", "Samples/bell.svg", "--frame", "999", "-o", "/tmp/x.png"])
        #expect(past.status == 64 && past.stderr.contains("past the end"))
        let unwritable = try CLI.run(["frame", "Samples/bell.svg", "--at", "0", "-o", "/nonexistent-dir/x.png"])
        #expect(unwritable.status == 73)
        let both = try CLI.run(["frame", "Samples/bell.svg", "--at", "0", "--frame", "1", "-o", "/tmp/x.png"])
        #expect(both.status == 64)
    }

    @Test func documentModeFitsTheViewBoxToTheWidth() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("p.png").path
        let r = try CLI.run(["page", "Samples/icons/timer.svg", "--width", "240", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(data[16..<20].reduce(0) { $0 << 8 | Int($1) } == 240 && data[20..<24].reduce(0) { $0 << 8 | Int($1) } == 240)
    }

    @Test func sheetOfAPreset() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("s.png").path
        let r = try CLI.run(["sheet", "Presets/bounce-up.json", "--frames", "4", "--columns", "2", "--cell-width", "64", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func validateReportsEveryProblem() throws {
        let d = try tmp(); defer { try? FileManager.default.removeItem(at: d) }
        let bad = d.appendingPathComponent("bad.json")
        try #"{"symbol": {"source": "nope.svg"}, "timeline": [{"at": 1, "effect": ".bounse"}]}"#.write(to: bad, atomically: true, encoding: .utf8)
        let r = try CLI.run(["validate", bad.path, "Presets/bounce-up.json"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("\(bad.path):1:71: error: $.timeline[0].effect: unknown effect 'bounse' at 1; did you mean 'bounce'?"), "\(r.stderr)")
        #expect(r.stderr.contains("\(bad.path):1:23: error: $.symbol.source: no such file \"nope.svg\""))
        #expect(r.stdout.contains("ok: Presets/bounce-up.json"))
        let missing = d.appendingPathComponent("missing.json")
        try #"{"symbol": {"source": "nope.svg"}}"#.write(to: missing, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["validate", missing.path]).status == 66)
        #expect(try CLI.run(["validate", "no/such/preset.json"]).status == 66)
    }

    @Test func everyPresetValidates() throws {
        let dir = CLI.packageRoot.appendingPathComponent("Presets")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") && $0 != "schema.json" }
        #expect(files.count >= 20)
        let r = try CLI.run(["validate"] + files.map { "Presets/" + $0 })
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func effectsListing() throws {
        let r = try CLI.run(["effects", "--defaults", "--json"])
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let effects = try #require(json["effects"] as? [String: [String]])
        for e in ["bounce", "pulse", "variableColor", "scale", "wiggle", "rotate", "breathe", "appear", "disappear", "replace"] {
            #expect(effects[e] != nil, "\(e)")
        }
        #expect(effects["wiggle"]?.contains("counterClockwise") == true)
        let defaults = try #require(json["defaults"] as? [[String: Any]])
        #expect(defaults.contains { $0["key"] as? String == "bounce.upScale" && $0["value"] as? Double == 1.248
            && ($0["source"] as? String)?.hasPrefix("measured") == true })
        let text = try CLI.run(["effects"])
        #expect(text.stdout.contains(".variableColor  .iterative .cumulative"))
    }
}
