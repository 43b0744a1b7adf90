import Foundation
import SymbolTestSupport
import Testing

/// One word, one meaning on every command: `--jobs` is presets rendered at a time, `--threads`
/// render threads per clip, `--output-dir` a folder, `-o/--output` a file; `frame` draws a still,
/// and its other jobs are the commands `hashes`, `poses` and `page`. The spellings of 0.1.0 are
/// gone (no aliases before 1.0): each is a usage error naming what replaced it.
@Suite(.startsSymbolreel) struct CommandVocabularyTests {
    static let commands = ["render", "batch", "frame", "hashes", "poses", "page", "sheet", "gallery", "preview", "inspect", "effects", "validate"]

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

    /// No command has a hidden option: `--help --help-hidden` lists exactly what `--help` does.
    @Test(arguments: commands)
    func helpHiddenListsNoHiddenOption(_ command: String) throws {
        let help = try CLI.run([command, "--help"]), hidden = try CLI.run([command, "--help", "--help-hidden"])
        #expect(help.status == 0 && hidden.status == 0, "\(help.stderr)\(hidden.stderr)")
        #expect(hidden.stdout == help.stdout, "\(command) --help-hidden lists more than --help")
    }

    /// Each removed spelling, given as it used to be given, exits 64 with a message naming what
    /// replaced it (not argument-parser's bare "Unknown option").
    static let removed: [(arguments: [String], message: String)] = [
        (["render", "Samples/bell.svg", "--effect", ".bounce", "--jobs", "2", "-o", "null"], "--jobs was renamed --threads"),
        (["batch", "Presets/bounce-up.json", "--output-dir", "/tmp/x", "--workers", "2"], "--workers was renamed --threads"),
        (["batch", "Presets/bounce-up.json", "--out", "/tmp/x"], "--out was renamed --output-dir"),
        (["batch", "Presets/bounce-up.json", "--out=/tmp/x"], "--out was renamed --output-dir"),
        (["gallery", "Presets/bounce-up.json", "--output-dir", "/tmp/x", "--workers", "2"], "--workers was renamed --threads"),
        (["gallery", "Presets/bounce-up.json", "-o", "/tmp/x"], "-o/--output was renamed --output-dir"),
        (["gallery", "Presets/bounce-up.json", "--output", "/tmp/x"], "-o/--output was renamed --output-dir"),
        (["frame", "Samples/bell.svg", "--hashes"], "use the command symbolreel hashes INPUT"),
        (["frame", "Samples/bell.svg", "--poses", "--json"], "use the command symbolreel poses INPUT"),
        (["frame", "Samples/bell.svg", "--json", "--at", "0", "-o", "/tmp/x.png"], "use symbolreel poses INPUT --json"),
        (["frame", "Samples/bell.svg", "--document", "-o", "/tmp/x.png"], "use the command symbolreel page FILE.svg -o FILE.png"),
    ]

    @Test(arguments: 0..<removed.count)
    func removedSpellingNamesItsReplacement(_ k: Int) throws {
        let (arguments, message) = Self.removed[k]
        let r = try CLI.run(arguments)
        #expect(r.status == 64, "\(arguments): exit \(r.status)")
        #expect(r.stderr.contains(message) && r.stderr.contains("See 'symbolreel \(arguments[0]) --help'"), "\(arguments): \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// The same words are current options elsewhere and pass: `batch --jobs`, `render -o`,
    /// `poses --json`, and a value after `--` is not an option.
    @Test func currentSpellingsAreNotMistakenForRemovedOnes() throws {
        let d = try makeTemporaryDirectory("vocab-current"); defer { try? FileManager.default.removeItem(at: d) }
        let poses = try CLI.run(["poses", "Samples/bell.svg", "--effect", ".bounce", "--size", "32", "--fps", "10", "--frame", "1", "--json"])
        #expect(poses.status == 0 && poses.stdout.contains("\"symbols\""), "\(poses.stderr)")
        let gif = d.appendingPathComponent("b.gif").path
        let render = try CLI.run(["render", "Samples/bell.svg", "--effect", ".bounce", "--size", "32", "--fps", "10", "--quiet", "-o", gif])
        #expect(render.status == 0, "\(render.stderr)")
        let batch = try CLI.run(["batch", try preset(in: d).path, "--output-dir", d.appendingPathComponent("out").path, "--jobs", "1", "--quiet"])
        #expect(batch.status == 0, "\(batch.stderr)")
    }

    /// Completion scripts offer the new spellings and not the old ones.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsOfferTheNewSpellingsOnly(_ shell: String) throws {
        let script = try CLI.run(["--generate-completion-script", shell]).stdout
        for word in ["output-dir", "threads", "hashes", "poses", "page"] { #expect(script.contains(word), "\(shell) lacks \(word)") }
        for word in ["--workers", "--hashes", "--document", "--out ", "workers"] { #expect(!script.contains(word), "\(shell) offers \(word)") }
    }

    /// `render --threads N` reaches the pipeline (its timings count N workers); out of range is refused.
    @Test func renderThreads() throws {
        let base = ["render", "Samples/bell.svg", "--effect", ".bounce", "--size", "32", "--fps", "10", "--timings", "--quiet"]
        let r = try CLI.run(base + ["--threads", "3", "-o", "null"])
        #expect(r.status == 0 && r.stderr.contains(", 3 render workers"), "\(r.stderr)")
        let zero = try CLI.run(base + ["--threads", "0", "-o", "null"])
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

    /// `batch` and `gallery` refuse a missing folder and out-of-range counts.
    @Test(arguments: ["batch", "gallery"])
    func batchAndGalleryRefusals(_ command: String) throws {
        let d = try makeTemporaryDirectory("vocab-\(command)"); defer { try? FileManager.default.removeItem(at: d) }
        let p = try preset(in: d).path, o = d.appendingPathComponent("x").path
        let refusals: [([String], String)] = [
            ([], "give the folder to write into with --output-dir DIR"),
            (["--output-dir", o, "--threads", "0"], "--threads must be 1…256"),
            (["--output-dir", o, "--jobs", "0"], "--jobs must be 1…256"),
        ]
        for (args, message) in refusals {
            let r = try CLI.run([command, p] + args)
            #expect(r.status == 64 && r.stderr.contains(message), "\(command) \(args): \(r.stderr)")
        }
    }

    /// `page FILE.svg -o FILE.png` draws the document: ink on the background at the width asked.
    @Test func pageDrawsTheDocument() throws {
        let d = try makeTemporaryDirectory("vocab-page"); defer { try? FileManager.default.removeItem(at: d) }
        let png = d.appendingPathComponent("page.png").path
        let r = try CLI.run(["page", "Samples/bell.svg", "-o", png, "--width", "200", "--background", "#FFEECC", "--weight", "bold"])
        #expect(r.status == 0, "\(r.stderr)")
        let x = try PNGFile.read(png)
        #expect(x.width == 200 && x.height > 0)
        #expect(Set(x.rgba).count > 2)   // ink on the background, not a blank page
    }

    /// The new commands keep their own refusals.
    @Test func newCommandsRefuseWhatTheyDoNotTake() throws {
        let output = try CLI.run(["hashes", "Samples/bell.svg", "-o", "/tmp/x.png"])
        #expect(output.status == 64, "\(output.stderr)")
        let both = try CLI.run(["poses", "Samples/bell.svg", "--at", "0", "--frame", "1"])
        #expect(both.status == 64, "\(both.stderr)")
    }
}
