import Foundation
import Testing
import SymbolReel
import SymbolTestSupport

/// Outputs through `render` and the library: the same bytes from two processes, nothing left on
/// a bad path, the bare `.json` error, and a dotLottie that Python's zipfile reads.
@Suite(.startsSymbolreel) struct VectorExportTests {
    static let quick = ["render", "Samples/bell.badge.svg", "--effect", ".wiggle", "--mode", "multicolor",
                        "--duration", "0.8", "--fps", "30", "--size", "128"]

    /// The same command as two processes gives the same bytes in every format. The first run
    /// has Swift's hashing seeded per process, as a user's runs are (a `Set` or `Dictionary`
    /// walks in another order each run, so output that follows one differs); the second has
    /// `SWIFT_DETERMINISTIC_HASHING` and two threads. An in-process comparison cannot see the
    /// first difference: both runs share one seed.
    @Test func everyOutputIsTheSameBytesAcrossProcessesAndHashSeeds() throws {
        let d = try makeTemporaryDirectory("determinism"); defer { try? FileManager.default.removeItem(at: d) }
        let names = ["a.json", "a.lottie", "a.svg", "a.gif", "a.apng", "a.webp", "a.mp4"]
        var first: [Data] = []
        for (run, seeded) in [(0, "0"), (1, "1")] {
            let files = names.map { d.appendingPathComponent("\(run)-\($0)").path }
            let r = try CLI.run(Self.quick + ["--format", "lottie"] + files.flatMap { ["-o", $0] } + ["--threads", "\(run + 1)"],
                                environment: ["SWIFT_DETERMINISTIC_HASHING": seeded])
            #expect(r.status == 0, "\(r.stderr)")
            let bytes = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            if run == 0 {
                first = bytes
            } else {
                for (k, name) in names.enumerated() { #expect(bytes[k] == first[k], "\(name) differs between the two processes") }
            }
        }
        #expect(first.allSatisfy { $0.count > 500 })
    }

    @Test func bareJSONOutputAsksWhichFormat() throws {
        let d = try makeTemporaryDirectory("vector-json"); defer { try? FileManager.default.removeItem(at: d) }
        let out = d.appendingPathComponent("clip.json").path
        let r = try CLI.run(Self.quick + ["-o", out])
        #expect(r.status == 64)
        #expect(r.stderr.contains("\"lottie\"") && r.stderr.contains(".lottie"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }

    /// A folder that does not exist: an error naming the file, and no file (nor temporary file)
    /// of the export anywhere, including the outputs that could have been written.
    @Test func badOutputPathLeavesNothing() throws {
        let d = try makeTemporaryDirectory("vector-bad"); defer { try? FileManager.default.removeItem(at: d) }
        let good = d.appendingPathComponent("ok.svg").path
        let bad = d.appendingPathComponent("missing/clip.lottie").path
        let r = try CLI.run(Self.quick + ["-o", good, "-o", bad])
        #expect(r.status != 0)
        #expect(r.stderr.contains("missing/clip.lottie"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.path).isEmpty)
    }

    /// Python's zipfile (not our writer) lists the container, inflates it and checks every CRC;
    /// the animation inside (dotLottie 2: `a/`, then a theme per rendering mode in `t/`) is the
    /// Lottie JSON we write on its own, deflated to under a third, with the fixed timestamp.
    @Test(.requires(.python3)) func dotLottieIsAZipWithManifestAndAnimation() throws {
        let d = try makeTemporaryDirectory("vector-zip"); defer { try? FileManager.default.removeItem(at: d) }
        let zip = d.appendingPathComponent("a.lottie").path, json = d.appendingPathComponent("a.json").path
        let r = try CLI.run(Self.quick + ["--format", "lottie", "-o", zip, "-o", json])
        #expect(r.status == 0, "\(r.stderr)")
        let script = """
        import json, sys, zipfile
        z = zipfile.ZipFile(sys.argv[1])
        assert z.testzip() is None
        m = json.loads(z.read("manifest.json"))
        a = z.read("a/" + m["animations"][0]["id"] + ".json")
        i = z.getinfo("a/clip.json")
        print(" ".join(z.namelist()), m["animations"][0]["id"], a == open(sys.argv[2], "rb").read(),
              i.compress_type == zipfile.ZIP_DEFLATED and i.compress_size * 3 < i.file_size, i.date_time)
        """
        let py = try Requirement.python3.run(["-c", script, zip, json])
        #expect(py.output.trimmingCharacters(in: .whitespacesAndNewlines)
                == "manifest.json a/clip.json t/monochrome.json t/hierarchical.json t/palette.json t/multicolor.json clip True True (1980, 1, 1, 0, 0, 0)", "\(py.output)")
    }

    /// A Magic Replace morph is written as path keyframes (Lottie `sh` with `a: 1`, CSS `d`), and
    /// a symbol that fades as a whole as one group (a precomposition with animated opacity, a
    /// `<g>` with an opacity animation): what VectorPlayerTests then sees played alike.
    @Test func morphsAndTranslucentSymbolsHaveTheirOwnKeyframes() throws {
        let d = try makeTemporaryDirectory("vector-morph"); defer { try? FileManager.default.removeItem(at: d) }
        func files(_ preset: String) throws -> (lottie: [String: Any], svg: String) {
            let clip = try Clip(presetAt: CLI.packageRoot.appendingPathComponent("Presets/\(preset).json").path)
            let json = d.appendingPathComponent("\(preset).json").path, svg = d.appendingPathComponent("\(preset).svg").path
            _ = try clip.export([Preset.Output(file: json, format: .lottie), Preset.Output(file: svg)], workers: 1)
            let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any] ?? [:]
            return (doc, try String(contentsOfFile: svg, encoding: .utf8))
        }
        let morph = try files("magic-replace-bell-slash")
        func keyedPaths(_ v: Any) -> Int {
            if let o = v as? [String: Any] {
                let here = o["ty"] as? String == "sh" && (o["ks"] as? [String: Any])?["a"] as? Int == 1 ? 1 : 0
                return here + o.values.map(keyedPaths).reduce(0, +)
            }
            return (v as? [Any])?.map(keyedPaths).reduce(0, +) ?? 0
        }
        #expect(keyedPaths(morph.lottie) > 0, "no keyframed path in the Lottie")
        #expect(morph.svg.contains("{d:path(\"M"), "no CSS d keyframes in the SVG")
        let notes = (morph.lottie["meta"] as? [String: Any])?["d"] as? String ?? ""
        #expect(!notes.contains("Magic Replace"), "\(notes)")
        let fade = try files("replace-up-up-whole-symbol")
        let layers = fade.lottie["layers"] as? [[String: Any]] ?? []
        let precomps = layers.filter { $0["ty"] as? Int == 0 }
        #expect(precomps.count == 2 && precomps.allSatisfy { (($0["ks"] as? [String: Any])?["o"] as? [String: Any])?["a"] as? Int == 1 })
        #expect((fade.lottie["assets"] as? [Any])?.count == 2)
        #expect(fade.svg.contains("<g class=\"y0\"") && fade.svg.contains("@keyframes y0{"))
    }

    /// The library: `export(to:)` picks the format from the extension and reports the notes.
    @Test func libraryExportsVectorFormats() throws {
        let d = try makeTemporaryDirectory("vector-library"); defer { try? FileManager.default.removeItem(at: d) }
        let clip = try Clip(presetAt: CLI.packageRoot.appendingPathComponent("Presets/appear-up.json").path)
        let svg = try clip.export(to: d.appendingPathComponent("a.svg").path, workers: 1)
        #expect(svg.format == .svg && svg.frames == clip.frameCount && svg.bytes > 0)
        #expect(svg.notes.contains { $0.contains("blur") })
        let text = try String(contentsOfFile: svg.path, encoding: .utf8)
        #expect(text.hasPrefix("<svg") && text.contains("@keyframes") && !text.contains("<script"))
        let lottie = try clip.export(to: d.appendingPathComponent("a.lottie").path, workers: 1)
        #expect(lottie.format == .dotLottie)
    }
}
