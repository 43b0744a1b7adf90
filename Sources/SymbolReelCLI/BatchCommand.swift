import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel batch PATH… --output-dir DIR [--jobs N] [--threads N] [--shard I/N] [--json]`, or
/// `batch CATALOG.xcassets… --template PRESET.json --output-dir DIR`.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render many presets in parallel into one folder; a failing preset never stops the others.",
        discussion: """
            Folders expand to the *.json presets in them (not schema.json), sorted by path. Each output \
            is written under --output-dir by its file name alone (out/a/clip.gif in a preset becomes DIR/clip.gif); \
            when two presets name the same file, the first in path order writes it and the other fails. \
            --shard I/N keeps the presets whose position in the sorted list is I modulo N (I counts from 0, \
            like JOB_COMPLETION_INDEX; --shard auto/N reads that variable). Exits 0 when every preset \
            rendered, else with the exit code of the first failed preset in path order (130 if interrupted), \
            or 79 when every preset rendered but an output is over its size budget (maxBytes, --max-bytes; \
            each is listed on standard error at the end, and the others still render). \
            --jobs presets render at a time, each on --threads render threads. A preset's warnings and \
            notes (a clamped speed, a GIF resampled to 30 fps) go to standard error, one line each \
            starting with the preset's path, unless --quiet.

            With --template PRESET.json, each PATH is an Xcode asset catalog (.xcassets), a folder in \
            one, or a .symbolset: every symbol set in it (nested folders included) renders with the \
            template, its symbol.source replaced by the symbol set, and each output is named after the \
            symbol: a template output clip.gif becomes DIR/NAME.gif ({name} in a file name is replaced \
            instead). Symbol sets are sorted and sharded as presets are; a bad one (no Contents.json, no \
            SVG, bad JSON) fails alone.
            """ + Examples.text(for: "batch"))

    @Argument(help: "Presets (.json) or folders of presets; with --template, asset catalogs (.xcassets), folders in them or .symbolset folders.")
    var paths: [String]

    @Option(help: ArgumentHelp("A preset to render every symbol set of the PATHs with (its symbol.source is replaced).", valueName: "preset.json"))
    var template: String?

    @Option(name: .customLong("output-dir"), help: ArgumentHelp("The folder to write every output into (required; created if missing).", valueName: "dir"))
    var outputDir: String?

    @OptionGroup var batching: BatchRunOptions

    @Option(help: "Render only slice I of N (I = 0…N-1, or auto to read JOB_COMPLETION_INDEX), such as 0/4.")
    var shard: String?

    @Flag(help: "Print one JSON object per finished output and per failed preset.")
    var json = false

    @Option(name: .customLong("max-bytes"), help: ArgumentHelp(
        "The size budget of every output, in bytes or KiB, MiB or GiB (500KiB); replaces the presets' maxBytes.", valueName: "size"))
    var maxBytes: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one preset or folder") }
        _ = try outputFolder(outputDir)
        if let shard { _ = try BatchSelection.parseShard(shard, environment: ProcessInfo.processInfo.environment) }
        _ = try SizeBudget.check(maxBytes)
    }

    func run() throws {
        let cancellation = ExportCancellation()
        let interrupts = InterruptHandler(cancelling: cancellation)
        let shardSlice = try shard.map { try BatchSelection.parseShard($0, environment: ProcessInfo.processInfo.environment) }
        let batchTemplate: BatchTemplate?
        do {
            batchTemplate = try template.map(BatchTemplate.read)
        } catch {
            throw exitStatus(for: error)
        }
        var selection = batchTemplate == nil ? BatchSelection.expand(paths) : BatchSelection.symbolSets(paths)
        if let (index, count) = shardSlice { selection = BatchSelection.slice(selection, index: index, count: count) }
        let out = try outputFolder(outputDir)
        try createOutputFolder(out)
        let runner = BatchRunner(outDirectory: out, workers: batching.resolvedThreads, cancellation: cancellation,
                                 progress: BatchProgress(quiet: batching.quiet, json: json),
                                 layout: batchTemplate == nil ? .presetOutputs : .symbolSetOutputs, template: batchTemplate,
                                 maxBytes: try SizeBudget.check(maxBytes))
        let results = runner.run(selection, jobs: batching.resolvedJobs)
        let interrupted = interrupts.signal != nil
        if json {
            for r in results { r.jsonLines.forEach { print($0) } }
        } else if !batching.quiet {
            print(BatchSummary.table(results))
        }
        if let list = BatchSummary.overBudget(results) { printError(list) }
        if interrupted { throw exitStatus(for: CancellationError()) }
        if let failure = results.lazy.compactMap(\.failure).first { throw ExitCode(failure.status) }
        if results.contains(where: { !$0.overBudget.isEmpty }) { throw ExitCode(ExitStatus.overBudget) }
    }
}

/// Which presets a batch renders: expansion of folders, sorting and sharding (pure).
enum BatchSelection {
    /// An entry of the sorted list: a preset file, or a path that could not be read.
    struct Entry: Equatable {
        var path: String
        var problem: String?
    }

    static func expand(_ paths: [String]) -> [Entry] {
        var entries: [Entry] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                entries.append(Entry(path: path, problem: "error: \(path): no such file or folder"))
                continue
            }
            guard isDirectory.boolValue else { entries.append(Entry(path: path)); continue }
            if path.lowercased().hasSuffix(".xcassets") || path.lowercased().hasSuffix(".xcassets/") || SymbolSet.isSymbolSet(path) {
                entries.append(Entry(path: path, problem: "error: \(path): an asset catalog or symbol set renders with a preset as template: add --template PRESET.json"))
                continue
            }
            let names = (try? fm.contentsOfDirectory(atPath: path)) ?? []
            for name in names where name.lowercased().hasSuffix(".json") && name != "schema.json" {
                entries.append(Entry(path: URL(fileURLWithPath: path).appendingPathComponent(name).relativePath))
            }
        }
        var seen = Set<String>()
        return entries.sorted { $0.path < $1.path }.filter { seen.insert($0.path).inserted }
    }

    /// Every symbol set in the catalogs, folders or symbol sets named, sorted by path (a path
    /// that does not exist, or holds no symbol set, is an entry with a problem).
    static func symbolSets(_ paths: [String]) -> [Entry] {
        var entries: [Entry] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                entries.append(Entry(path: path, problem: "error: \(path): no such asset catalog or folder"))
                continue
            }
            let found = isDirectory.boolValue ? SymbolSet.all(in: path) : []
            if found.isEmpty {
                entries.append(Entry(path: path, problem: "error: \(path): no .symbolset folder in it; name an asset catalog (.xcassets), a folder in one or a .symbolset"))
            }
            entries += found.map { Entry(path: $0) }
        }
        var seen = Set<String>()
        return entries.sorted { $0.path < $1.path }.filter { seen.insert($0.path).inserted }
    }

    /// Entries whose position is `index` modulo `count`: round robin, so shards get similar
    /// numbers of presets, and the same list always splits the same way.
    static func slice(_ entries: [Entry], index: Int, count: Int) -> [Entry] {
        entries.enumerated().filter { $0.offset % count == index }.map(\.element)
    }

    static func parseShard(_ text: String, environment: [String: String]) throws -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1 else {
            throw ValidationError("--shard must be I/N with N ≥ 1 and I = 0…N-1 (or auto/N), such as 0/4")
        }
        var indexText = parts[0]
        if indexText == "auto" {
            guard let value = environment["JOB_COMPLETION_INDEX"] else {
                throw ValidationError("--shard auto/\(count) reads JOB_COMPLETION_INDEX, which is not set")
            }
            indexText = value
        }
        guard let index = Int(indexText), (0..<count).contains(index) else {
            throw ValidationError("--shard index \(indexText) is not 0…\(count - 1)")
        }
        return (index, count)
    }
}
