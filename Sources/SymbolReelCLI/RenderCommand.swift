import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel render PRESET [-o FILE …] [--threads N]` or `render SYMBOL --effect … -o FILE …`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a preset's outputs (or the -o files) as MP4, MOV, WebM, GIF, APNG, WebP, PNG sequences, Lottie or animated SVG, in one pass.",
        discussion: Examples.text(for: "render", after: false))

    @Argument(help: "A preset (.json), a symbol file (.svg) or an Xcode .symbolset folder.")
    var input: String

    @Option(name: .shortAndLong, help: "An output file (repeatable); replaces the preset's outputs. 'null' renders and discards.")
    var output: [String] = []

    @Option(help: "The format of the -o files whose extension names none: lottie for Lottie JSON (-o clip.json --format lottie).")
    var format: Preset.Output.Format?

    @Option(help: "The video codec of the -o files: h264, hevc or av1 for .mp4 (HEVC: hvc1, smaller, no alpha; AV1: SVT-AV1, smaller still, no alpha), vp9 or av1 for .webm.")
    var codec: Preset.Output.Codec?

    @Option(help: "What starts the animation of the -o .svg files: load (default), hover, focus, click, in-view or loop. Only load and loop play in an <img>; the others need the SVG inline in the page.")
    var trigger: Preset.Output.Trigger?

    @Option(help: "Render threads, 1…256 (default: the number of cores); 1 runs every stage on one thread. The output does not depend on it.")
    var threads: Int?

    @Option(name: .customLong("max-bytes"), help: ArgumentHelp(
        "The size budget of every output, in bytes or KiB, MiB or GiB (500KiB); replaces the preset's maxBytes. A file over it is still written, named on standard error with its size, and the command exits 79.",
        valueName: "size"))
    var maxBytes: String?

    @Flag(help: "Print each stage's busy time and frames per second to standard error.")
    var timings = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print one JSON object per finished output.")
    var json = false

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        if !input.lowercased().hasSuffix(".json") && output.isEmpty {
            throw ValidationError("name at least one output with -o FILE (.mp4, .mov, .webm, .gif, .apng, .webp, .png, a folder/ or null)")
        }
        if let codec {
            let videos = output.map { Preset.Output(file: $0) }.filter { [.mp4, .mov, .webm].contains($0.resolvedFormat) }
            guard !videos.isEmpty else { throw ValidationError("--codec \(codec.rawValue) needs an -o file ending in .mp4 or .webm") }
            for o in videos {
                if let why = Preset.Output.codecProblem(codec, format: o.resolvedFormat!) {
                    throw ValidationError("--codec \(codec.rawValue) cannot write \(o.file): \(why)")
                }
            }
        }
        if let trigger, !output.contains(where: { Preset.Output(file: $0).resolvedFormat == .svg }) {
            throw ValidationError("--trigger \(trigger.rawValue) needs an -o file ending in .svg")
        }
        try checkThreads(threads)
        _ = try SizeBudget.check(maxBytes)
    }

    func run() throws {
        let cancellation = ExportCancellation()
        let interrupts = InterruptHandler(cancelling: cancellation)
        let loaded = try loadClip(input, quick: quick)
        let clip = loaded.clip
        // Warnings are printed as the clip loads; render shows the timeline's and reader's notes
        // too (an option that does not apply, a Magic Replace that fell back), as it shows the
        // encoders' notes below.
        if !quiet && !json { for d in clip.diagnostics where d.severity == .note { printError(d.description) } }
        var outputs = output.map { file in
            var o = Preset.Output(file: file)
            if o.resolvedFormat == nil { o.format = format }
            if [.mp4, .mov, .webm].contains(o.resolvedFormat) { o.codec = codec }
            if o.resolvedFormat == .svg { o.trigger = trigger }
            return o
        }
        var base = FileManager.default.currentDirectoryPath
        if loaded.isPresetFile && outputs.isEmpty {
            outputs = loaded.preset.outputs
            base = loaded.directory
            RenderCommand.makeFolders(for: outputs, relativeTo: base)
        }
        guard !outputs.isEmpty else {
            printError("error: \(input) has no outputs; add \"outputs\" to the preset or give -o FILE")
            throw ExitCode(ExitStatus.usage)
        }
        for o in outputs where o.resolvedFormat == nil {
            printError("error: \(o.formatProblem!)")
            throw ExitCode(ExitStatus.usage)
        }
        if let budget = try SizeBudget.check(maxBytes) {
            for k in outputs.indices where outputs[k].resolvedFormat != .null { outputs[k].maxBytes = budget }
        }
        let reporter = ProgressReporter(label: URL(fileURLWithPath: input).lastPathComponent, quiet: quiet)
        let report: ExportReport
        do {
            report = try clip.export(outputs, relativeTo: base, workers: threads, cancellation: cancellation) { reporter.update($0) }
            reporter.finish()
        } catch {
            reporter.finish()
            if interrupts.signal != nil { throw exitStatus(for: CancellationError()) }
            throw exitStatus(for: error)
        }
        if timings { printError(TimingsText.describe(report, outputs: outputs)) }
        for r in report.outputs {
            if json {
                print(JSONLine.output(r, seconds: report.timings.wallSeconds, diagnostics: clip.diagnostics))
            } else if !quiet {
                print("wrote \(r.path): \(r.frames) frames, \(r.bytes) bytes")
                for note in r.notes { printError("note: \(r.path): \(note)") }
            }
        }
        // Reported after every output is written and listed: the files are complete and kept.
        let over = report.outputs.filter(\.isOverBudget)
        for r in over { printError("over budget: " + SizeBudget.overrun(r)) }
        if !over.isEmpty { throw ExitCode(ExitStatus.overBudget) }
    }
}

extension RenderCommand {
    /// A preset's own outputs get their folders (`../out/` in a fresh clone); -o files do not.
    /// A folder that cannot be made is reported by the output that needs it. (`preview`'s
    /// Export writes a preset's outputs the same way.)
    static func makeFolders(for outputs: [Preset.Output], relativeTo base: String) {
        for o in outputs where o.file != "null" {
            let file = URL(fileURLWithPath: o.file, relativeTo: URL(fileURLWithPath: base, isDirectory: true))
            let folder = o.file.hasSuffix("/") ? file : file.deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: folder.standardizedFileURL, withIntermediateDirectories: true)
        }
    }
}

/// `--timings`: each stage's busy time and the frames per second it alone could sustain.
enum TimingsText {
    static func describe(_ report: ExportReport, outputs: [Preset.Output]) -> String {
        let t = report.timings
        func fps(_ busy: Double) -> String { busy > 0 ? String(format: "%8.1f fps", Double(t.frames) / busy) : "       – fps" }
        var lines = [String(format: "timings: %d frames in %.3f s (%.1f fps), %d render worker%@", t.frames, t.wallSeconds,
                            t.framesPerSecond, t.workers, t.workers == 1 ? "" : "s")]
        func row(_ name: String, _ busy: Double) -> String {
            "  " + name.padding(toLength: max(24, name.count), withPad: " ", startingAt: 0) + String(format: " %8.3f s busy ", busy) + fps(busy)
        }
        lines.append(row("evaluate", t.evaluateSeconds))
        lines.append(row("render (\(t.workers) summed)", t.renderSeconds)
                     + String(format: "  (%.1f fps with every worker busy)", t.renderSeconds > 0 ? Double(t.frames) * Double(t.workers) / t.renderSeconds : 0))
        for (k, seconds) in t.encodeSeconds.enumerated() {
            lines.append(row("encode " + (k < outputs.count ? URL(fileURLWithPath: outputs[k].file).lastPathComponent : "#\(k)"), seconds))
        }
        return lines.joined(separator: "\n")
    }
}

/// One JSON object per line, with the keys scripts rely on.
enum JSONLine {
    /// One finished output: its file, format, frames, bytes and time, the encoder's notes, and
    /// the clip's diagnostics (reader and timeline warnings and notes, the same for every output
    /// of the clip).
    static func output(_ r: ExportedOutput, seconds: Double, preset: String? = nil, diagnostics: [Diagnostic] = []) -> String {
        var fields: [String] = []
        if let preset { fields.append("\"preset\": \(quote(preset))") }
        fields += ["\"file\": \(quote(r.path))", "\"format\": \(quote(r.format.rawValue))", "\"frames\": \(r.frames)",
                   "\"bytes\": \(r.bytes)"] + (r.maxBytes.map { ["\"maxBytes\": \($0)", "\"overBudget\": \(r.isOverBudget)"] } ?? [])
            + ["\"seconds\": \(String(format: "%.3f", seconds))",
                   "\"notes\": [" + r.notes.map(quote).joined(separator: ", ") + "]",
                   "\"diagnostics\": [" + diagnostics.map(diagnostic).joined(separator: ", ") + "]"]
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A diagnostic as `inspect --json` writes it.
    static func diagnostic(_ d: Diagnostic) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(SymbolInspection.Problem(d))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
