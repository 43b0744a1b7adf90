import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel gallery PATH… --output-dir DIR [--jobs N] [--threads N] [--reuse] [--quiet]`: a review page.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render presets (or take existing clips) as MP4, WebM, GIF, APNG and WebP with contact sheets into a folder with an index.html to review them.",
        discussion: """
            PATH is a preset or a folder of presets, expanded as `batch` does. Each preset P.json becomes \
            DIR/clips/P.mp4, P.webm, P.gif, P.apng, P.webp, P.svg, P.lottie and P.sheet.png (whatever outputs the preset \
            itself names), \
            rendered --jobs presets at a time (each on --threads render threads); DIR/index.html shows them side by side with the preset's \
            name, length, file sizes and JSON. The page uses relative links only and no network, so DIR \
            can be zipped or served as it is. PATH may also be an existing clip (.mp4, .webm, .gif, .apng, .webp or an \
            animated .png), and the clips in a named folder (such as a batch --output-dir folder) are taken too: \
            files that share a name make one card, copied into DIR/clips as they are (no contact sheet). \
            With --reuse, clip files already in DIR/clips that are newer than their preset are kept instead \
            of rendered again. A preset that fails gets a card with its error and the others still render; \
            the exit code is batch's (that of the first failed preset in path order, 0 if none failed, 130 \
            if interrupted). A preset's warnings and notes go to standard error, one line each starting \
            with the preset's path, unless --quiet.
            """ + Examples.text(for: "gallery"))

    @Argument(help: "Presets (.json), existing clips (.mp4, .webm, .gif, .apng, .webp) or folders of them.")
    var paths: [String]

    @Option(name: .customLong("output-dir"), help: ArgumentHelp("The folder to write index.html and clips/ into (required; created if missing).", valueName: "dir"))
    var outputDir: String?

    @OptionGroup var batching: BatchRunOptions

    @Flag(help: "Keep clip files in DIR/clips that are newer than their preset instead of rendering them again.")
    var reuse = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one preset, clip or folder") }
        _ = try outputFolder(outputDir)
    }

    func run() throws {
        let cancellation = ExportCancellation()
        let interrupts = InterruptHandler(cancelling: cancellation)
        let output = try outputFolder(outputDir)
        let sources = ExistingClips.split(paths)
        let selection = sources.presetPaths.isEmpty ? [] : BatchSelection.expand(sources.presetPaths)
        let clips = URL(fileURLWithPath: output).appendingPathComponent(GalleryLayout.clipsFolder).path
        try createOutputFolder(clips)
        let layout = GalleryLayout(entries: selection, existing: sources.groups, outDirectory: output, reuse: reuse)
        let runner = BatchRunner(outDirectory: output, workers: batching.resolvedThreads, cancellation: cancellation,
                                 progress: BatchProgress(quiet: batching.quiet, json: false), layout: layout.batchLayout)
        let results = runner.run(selection, jobs: batching.resolvedJobs)
        if interrupts.signal != nil { throw exitStatus(for: CancellationError()) }

        var cards = zip(selection, results).enumerated().map { k, pair in layout.card(for: pair.0, result: pair.1, index: k) }
        let taken = sources.groups.enumerated().map { k, group in layout.card(for: group, index: selection.count + k) }
        for card in taken where card.failure != nil { printError("\(card.source): \(card.failure!)") }
        cards += taken
        let page = URL(fileURLWithPath: output).appendingPathComponent("index.html").path
        do {
            try Data(GalleryPage.html(cards).utf8).write(to: URL(fileURLWithPath: page), options: .atomic)
        } catch {
            printError("error: cannot write \(page): \(error.localizedDescription)")
            throw ExitCode(ExitStatus.cannotCreate)
        }
        if !batching.quiet {
            if !selection.isEmpty { print(BatchSummary.table(results)) }
            if !taken.isEmpty {
                let ok = taken.filter { $0.failure == nil }
                print("\(ok.count) of \(taken.count) existing clip\(taken.count == 1 ? "" : "s") added"
                      + (ok.isEmpty ? "" : ": " + ok.map(\.name).joined(separator: ", ")))
            }
            print("wrote \(page)")
        }
        let failures = results.compactMap { $0.failure?.status } + taken.compactMap(\.status)
        if let status = failures.first { throw ExitCode(status) }
    }
}

/// Where the gallery puts each preset's files (DIR/clips/NAME.mp4, .webm, .gif, .apng, .webp,
/// .svg, .lottie, .sheet.png) and
/// how a finished preset, or a group of existing clip files, becomes a card. NAME is the preset's
/// file name without `.json` (or the clip files' shared name); a name already taken earlier (presets
/// in path order, then existing clips) gets `-2`, `-3`….
struct GalleryLayout: Sendable {
    static let clipsFolder = "clips"
    /// The clip formats every card shows, in page order (the SVG animates itself in `<img>`;
    /// the dotLottie is a link, since no Lottie player runs offline without a script).
    static let formats: [GalleryPage.Kind] = [.mp4, .webm, .gif, .apng, .webp, .svg, .lottie]

    let names: [String]
    /// Each entry's preset path, for --reuse's date check.
    let presetPaths: [String]
    let outDirectory: String
    let reuse: Bool

    init(entries: [BatchSelection.Entry], existing: [ExistingClips.Group] = [], outDirectory: String, reuse: Bool) {
        var taken = Set<String>()
        let bases = entries.map { URL(fileURLWithPath: $0.path).deletingPathExtension().lastPathComponent } + existing.map(\.base)
        names = bases.map { base in
            var name = base.isEmpty ? "clip" : base
            var n = 2
            while !taken.insert(name.lowercased()).inserted {
                name = "\(base)-\(n)"
                n += 1
            }
            return name
        }
        presetPaths = entries.map(\.path)
        self.outDirectory = outDirectory
        self.reuse = reuse
    }

    /// A file of the card at `index`, relative to the gallery folder.
    func relativePath(_ kind: GalleryPage.Kind, index: Int) -> String {
        "\(GalleryLayout.clipsFolder)/\(names[index]).\(kind.fileExtension)"
    }

    func absolutePath(_ relative: String) -> String {
        URL(fileURLWithPath: outDirectory).appendingPathComponent(relative).path
    }

    /// With `reuse`: the file exists and is at least as new as the preset.
    private func isCurrent(_ relative: String, presetPath: String) -> Bool {
        guard reuse else { return false }
        let fm = FileManager.default
        guard let made = (try? fm.attributesOfItem(atPath: absolutePath(relative)))?[.modificationDate] as? Date,
              let edited = (try? fm.attributesOfItem(atPath: presetPath))?[.modificationDate] as? Date else { return false }
        return made >= edited
    }

    var batchLayout: BatchLayout {
        let layout = self
        return BatchLayout(outputs: { _, path, index in
            GalleryLayout.formats.filter { !layout.isCurrent(layout.relativePath($0, index: index), presetPath: path) }
                .map { Preset.Output(file: layout.relativePath($0, index: index), format: $0.format) }
        }, finish: { clip, index in
            let sheet = layout.relativePath(.sheet, index: index)
            if layout.isCurrent(sheet, presetPath: layout.presetPaths[index]) { return }
            let indices = ContactSheet.indices(frameCount: clip.frameCount, count: 12)
            guard let bitmap = ContactSheet.make(clip, indices: indices, columns: 6, cellWidth: 96) else {
                throw CommandFailure(message: "error: the contact sheet would be larger than \(Limits.side.upperBound) pixels on a side", status: ExitStatus.dataError)
            }
            try PNGStill.write(bitmap, to: layout.absolutePath(sheet))
        })
    }

    /// The card for the entry at `index` once the batch finished.
    func card(for entry: BatchSelection.Entry, result: BatchResult, index: Int) -> GalleryPage.Card {
        let text = entry.problem == nil ? (try? String(contentsOfFile: entry.path, encoding: .utf8)) : nil
        var card = GalleryPage.Card(name: names[index], source: entry.path, presetJSON: text)
        if let preset = result.decoded {
            card.title = preset.name
            card.width = preset.canvas.width
            card.height = preset.canvas.height
            card.fps = preset.canvas.fps
        }
        if let failure = result.failure {
            card.failure = failure.message
            card.status = failure.status
            return card
        }
        card.frames = result.clipFrames
        card.seconds = result.clipSeconds
        for kind in GalleryLayout.formats + [.sheet] {
            let relative = relativePath(kind, index: index)
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: absolutePath(relative)))?[.size] as? NSNumber)?.intValue
            guard let bytes else { continue }
            var file = GalleryPage.File(kind: kind, path: relative, bytes: bytes)
            if kind == .lottie, GalleryPage.thorvgPreview(of: absolutePath(relative)) != nil {
                file.preview = String(relative.dropLast(".lottie".count)) + ".thorvg.webp"
            }
            card.files.append(file)
        }
        return card
    }
}
