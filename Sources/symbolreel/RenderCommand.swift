import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel render PRESET [-o FILE …]` or `render SYMBOL --effect … -o FILE …`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a preset's outputs (or the -o files) as MP4, MOV, GIF, APNG or PNG sequences, in one pass.")

    @Argument(help: "A preset (.json) or a symbol file (.svg).")
    var input: String

    @Option(name: .shortAndLong, help: "An output file (repeatable); replaces the preset's outputs. 'null' renders and discards.")
    var output: [String] = []

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print one JSON object per finished output.")
    var json = false

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        if !input.lowercased().hasSuffix(".json") && output.isEmpty {
            throw ValidationError("name at least one output with -o FILE (.mp4, .mov, .gif, .apng, .png, a folder/ or null)")
        }
    }

    func run() throws {
        let clip = try loadClip(input, quick: quick)
        let isPreset = input.lowercased().hasSuffix(".json")
        var outputs = output.map { Preset.Output(file: $0) }
        var base = FileManager.default.currentDirectoryPath
        if isPreset && outputs.isEmpty {
            do {
                outputs = try PresetReader.read(contentsOf: input).outputs
            } catch {
                throw exitStatus(for: error)
            }
            base = URL(fileURLWithPath: input).deletingLastPathComponent().path
        }
        guard !outputs.isEmpty else {
            printError("error: \(input) has no outputs; add \"outputs\" to the preset or give -o FILE")
            throw ExitCode(ExitStatus.usage)
        }
        for o in outputs where o.resolvedFormat == nil {
            printError("error: cannot tell the format of \(o.file); use .mp4, .mov, .gif, .apng or .png, a folder/ or null")
            throw ExitCode(ExitStatus.usage)
        }
        let started = Date()
        let results: [ExportedOutput]
        do {
            results = try clip.export(outputs, relativeTo: base)
        } catch {
            throw exitStatus(for: error)
        }
        let seconds = Date().timeIntervalSince(started)
        for r in results {
            if json {
                let line = "{\"file\": \"\(r.path)\", \"format\": \"\(r.format.rawValue)\", \"frames\": \(r.frames), \"bytes\": \(r.bytes), \"seconds\": \(String(format: "%.3f", seconds))}"
                print(line)
            } else if !quiet {
                print("wrote \(r.path): \(r.frames) frames, \(r.bytes) bytes")
            }
        }
    }
}
