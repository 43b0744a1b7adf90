import Foundation
import SymbolTestSupport
import Testing

/// One word, one meaning on every command: `--jobs` is presets rendered at a time, `--threads`
/// render threads per clip, `--output-dir` a folder, `-o/--output` a file; `frame` draws a still,
/// and its other jobs are the commands `hashes`, `poses` and `page`. Every old spelling still
/// works, hidden from help, for one release.
@Suite struct CommandVocabularyTests {
    /// Each command's help: what it must show, and the old spellings it must not.
    static let helps: [(command: String, shown: [String], hidden: [String])] = [
        ("", ["render", "frame", "hashes", "poses", "page", "sheet", "gallery"], []),
        ("render", ["-o, --output <output>", "--threads <threads>"], ["--jobs"]),
        ("batch", ["--output-dir <dir>", "--jobs <jobs>", "--threads <threads>", "--quiet"], ["--out ", "--out <", "--workers"]),
        ("gallery", ["--output-dir <dir>", "--jobs <jobs>", "--threads <threads>", "--quiet"], ["-o,", "--output <", "--workers"]),
        ("frame", ["--at <at>", "--frame <frame>", "-o, --output <output>", "--width <width>", "--effect"],
         ["--hashes", "--poses", "--document", "--json"]),
        ("hashes", ["<input>", "--effect", "--fps"], ["--output", "--at", "--json"]),
        ("poses", ["<input>", "--at <at>", "--frame <frame>", "--json", "--effect"], ["--output", "--hashes"]),
        ("page", ["<input>", "-o, --output <output>", "--width <width>", "--background", "--weight"], ["--effect", "--fps", "--at"]),
    ]

    @Test(arguments: 0..<helps.count)
    func helpShowsTheNewSpellingsOnly(_ k: Int) throws {
        let (command, shown, hidden) = Self.helps[k]
        let r = try CLI.run(command.isEmpty ? ["--help"] : [command, "--help"])
        #expect(r.status == 0)
        for word in shown { #expect(r.stdout.contains(word), "\(command) --help lacks \(word)") }
        for word in hidden { #expect(!r.stdout.contains(word), "\(command) --help shows \(word)") }
    }

    /// The old spellings are hidden, not gone: `--help-hidden` lists them.
    @Test func oldSpellingsAreListedByHelpHidden() throws {
        for (command, words) in [("render", ["--jobs"]), ("batch", ["--out <", "--workers"]), ("gallery", ["-o, --output", "--workers"]),
                                 ("frame", ["--hashes", "--poses", "--document", "--json"])] {
            let r = try CLI.run([command, "--help-hidden"])
            for word in words { #expect(r.stdout.contains(word), "\(command) --help-hidden lacks \(word)") }
        }
    }

    /// Completion scripts offer the new spellings and not the hidden old ones.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsOfferTheNewSpellingsOnly(_ shell: String) throws {
        let script = try CLI.run(["--generate-completion-script", shell]).stdout
        for word in ["output-dir", "threads", "hashes", "poses", "page"] { #expect(script.contains(word), "\(shell) lacks \(word)") }
        for word in ["--workers", "--hashes", "--document", "--out ", "workers"] { #expect(!script.contains(word), "\(shell) offers \(word)") }
    }

    /// `render --threads N` and its old name `render --jobs N` both reach the pipeline (its
    /// timings count N workers) and write the same file; both at once, or out of range, is refused.
    @Test func renderThreadsAndItsOldName() throws {
        let d = try makeTemporaryDirectory("vocab-render"); defer { try? FileManager.default.removeItem(at: d) }
        let base = ["render", "Samples/bell.svg", "--effect", ".bounce", "--size", "32", "--fps", "10", "--timings", "--quiet"]
        var files: [Data] = []
        for spelling in ["--threads", "--jobs"] {
            let gif = d.appendingPathComponent("\(spelling).gif")
            let r = try CLI.run(base + [spelling, "3", "-o", gif.path])
            #expect(r.status == 0, "\(spelling): \(r.stderr)")
            #expect(r.stderr.contains(", 3 render workers"), "\(spelling): \(r.stderr)")
            files.append(try Data(contentsOf: gif))
        }
        #expect(files[0] == files[1])
        let both = try CLI.run(base + ["--threads", "2", "--jobs", "2", "-o", "null"])
        #expect(both.status == 64 && both.stderr.contains("give --threads alone (--jobs is its old name)"), "\(both.stderr)")
        let zero = try CLI.run(base + ["--jobs", "0", "-o", "null"])
        #expect(zero.status == 64 && zero.stderr.contains("--threads must be 1…256"), "\(zero.stderr)")
    }

    /// A preset of 32×32 at 10 fps, half a second, writing NAME.gif.
    private func preset(in d: URL, name: String = "bell") throws -> URL {
        let url = d.appendingPathComponent("\(name).json")
        try """
            { "canvas": {"width": 32, "height": 32, "fps": 10, "duration": 0.5},
              "symbol": {"source": "\(CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path)"},
              "timeline": [{"at": 0, "effect": ".bounce"}], "outputs": [{"file": "\(name).gif"}] }
            """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `batch --output-dir DIR --threads N` and the old `--out DIR --workers N` write the same files.
    @Test func batchFolderAndThreadsAndTheirOldNames() throws {
        let d = try makeTemporaryDirectory("vocab-batch"); defer { try? FileManager.default.removeItem(at: d) }
        let p = try preset(in: d).path
        var written: [Data] = []
        for (folder, threads, name) in [("--output-dir", "--threads", "new"), ("--out", "--workers", "old")] {
            let out = d.appendingPathComponent(name)
            let r = try CLI.run(["batch", p, folder, out.path, "--jobs", "2", threads, "2", "--quiet"])
            #expect(r.status == 0, "\(folder) \(threads): \(r.stderr)")
            written.append(try Data(contentsOf: out.appendingPathComponent("bell.gif")))
        }
        #expect(written[0] == written[1] && !written[0].isEmpty)
        let o = d.appendingPathComponent("x").path
        let refusals: [([String], String)] = [
            (["--output-dir", o, "--out", o], "give --output-dir alone (--out is its old name)"),
            ([], "give the folder to write into with --output-dir DIR"),
            (["--output-dir", o, "--threads", "1", "--workers", "1"], "give --threads alone (--workers is its old name)"),
            (["--output-dir", o, "--workers", "0"], "--threads must be 1…256"),
            (["--output-dir", o, "--jobs", "0"], "--jobs must be 1…256"),
        ]
        for (args, message) in refusals {
            let r = try CLI.run(["batch", p] + args)
            #expect(r.status == 64 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    /// `gallery --output-dir DIR` and the old `-o DIR` and `--output DIR`, with `--threads` and
    /// the old `--workers`, each write the page and the same GIF.
    @Test func galleryFolderAndThreadsAndTheirOldNames() throws {
        let d = try makeTemporaryDirectory("vocab-gallery"); defer { try? FileManager.default.removeItem(at: d) }
        let p = try preset(in: d).path
        var gifs: [Data] = []
        for (k, (folder, threads)) in [("--output-dir", "--threads"), ("-o", "--workers"), ("--output", "--threads")].enumerated() {
            let out = d.appendingPathComponent("g\(k)")
            let r = try CLI.run(["gallery", p, folder, out.path, threads, "2", "--jobs", "1", "--quiet"], timeout: 120)
            #expect(r.status == 0, "\(folder) \(threads): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
            gifs.append(try Data(contentsOf: out.appendingPathComponent("clips/bell.gif")))
        }
        #expect(gifs.allSatisfy { $0 == gifs[0] })
        let both = try CLI.run(["gallery", p, "-o", d.path, "--output-dir", d.path])
        #expect(both.status == 64 && both.stderr.contains("give --output-dir alone (-o/--output is its old name)"), "\(both.stderr)")
        let none = try CLI.run(["gallery", p])
        #expect(none.status == 64 && none.stderr.contains("--output-dir DIR"), "\(none.stderr)")
    }

    /// `hashes INPUT` prints exactly what `frame INPUT --hashes` printed, for a preset file and
    /// for the quick form.
    @Test func hashesEqualsTheOldFlag() throws {
        let d = try makeTemporaryDirectory("vocab-hashes"); defer { try? FileManager.default.removeItem(at: d) }
        for input in [[try preset(in: d).path], ["Samples/wifi.arcs.svg", "--effect", ".variableColor", "--size", "40", "--fps", "12"]] {
            let new = try CLI.run(["hashes"] + input), old = try CLI.run(["frame"] + input + ["--hashes"])
            #expect(new.status == 0 && old.status == 0, "\(new.stderr)\(old.stderr)")
            #expect(new.stdout.split(separator: "\n").count >= 5)
            #expect(new.stdout == old.stdout)
        }
    }

    /// `poses INPUT` prints exactly what `frame INPUT --poses` printed: text and JSON, every
    /// frame or the one --frame or --at names.
    @Test(arguments: [[], ["--json"], ["--frame", "7"], ["--at", "0.25", "--json"]])
    func posesEqualsTheOldFlag(_ options: [String]) throws {
        let input = ["Samples/bell.svg", "--effect", ".wiggle", "--size", "48", "--fps", "30"]
        let new = try CLI.run(["poses"] + input + options), old = try CLI.run(["frame"] + input + ["--poses"] + options)
        #expect(new.status == 0 && old.status == 0, "\(new.stderr)\(old.stderr)")
        #expect(new.stdout.contains(options.contains("--json") ? "\"symbols\"" : "monochrome-0: scale"), "\(new.stdout.prefix(300))")
        #expect(new.stdout == old.stdout)
    }

    /// `page FILE.svg -o FILE.png` draws the same pixels as `frame FILE.svg --document -o FILE.png`.
    @Test func pageEqualsTheOldFlag() throws {
        let d = try makeTemporaryDirectory("vocab-page"); defer { try? FileManager.default.removeItem(at: d) }
        let options = ["--width", "200", "--background", "#FFEECC", "--weight", "bold"]
        let new = d.appendingPathComponent("new.png").path, old = d.appendingPathComponent("old.png").path
        let a = try CLI.run(["page", "Samples/bell.svg", "-o", new] + options)
        let b = try CLI.run(["frame", "Samples/bell.svg", "--document", "-o", old] + options)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let (x, y) = (try PNGFile.read(new), try PNGFile.read(old))
        #expect(x.width == 200 && x.height > 0)
        #expect(Set(x.rgba).count > 2)   // ink on the background, not a blank page
        #expect(x == y)
    }

    /// The old `frame --poses/--hashes` keep their refusals; the new commands have no such flags.
    @Test func oldFlagsKeepTheirRefusals() throws {
        let poses = try CLI.run(["frame", "Samples/bell.svg", "--poses", "-o", "/tmp/x.png"])
        #expect(poses.status == 64 && poses.stderr.contains("--poses takes no -o"), "\(poses.stderr)")
        let hashes = try CLI.run(["frame", "Samples/bell.svg", "--hashes", "--at", "0"])
        #expect(hashes.status == 64 && hashes.stderr.contains("--hashes takes no -o, --at or --frame"), "\(hashes.stderr)")
        let json = try CLI.run(["frame", "Samples/bell.svg", "--json", "--at", "0", "-o", "/tmp/x.png"])
        #expect(json.status == 64 && json.stderr.contains("--json goes with --poses"), "\(json.stderr)")
        let output = try CLI.run(["hashes", "Samples/bell.svg", "-o", "/tmp/x.png"])
        #expect(output.status == 64, "\(output.stderr)")
    }
}
