import ArgumentParser
import Dispatch
import Foundation
import SymbolReel
import SymbolReelPreview

/// `symbolreel preview INPUT [--port N] [--host ADDRESS] [quick options]`: a live preview page
/// on a local port (docs/preview.md). The server lives in SymbolReelPreview; this command reads
/// the input, as `render` does, each time a watched file changes, and writes the preset's
/// outputs, as `render` does, when the page's Export button asks.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview page of a preset or symbol that re-renders on every save.",
        discussion: """
            Prints the page's URL and serves until Ctrl-C. The page loops the clip, scrubs to our \
            exact frame at any time, shows each layer's pose, the clip's notes and warnings and the \
            preset's problems with their JSON path and line:column, and exports the preset's \
            outputs as `render` would. It watches the preset and every symbol it reads \
            (docs/preview.md).
            """)

    @Argument(help: "A preset (.json), a symbol file (.svg) or an Xcode .symbolset folder.")
    var input: String

    @Option(help: "The address to serve on (default 127.0.0.1; anything else serves other machines too).")
    var host = "127.0.0.1"

    @Option(help: "The port (default: a free one, printed with the URL).")
    var port = 0

    @Option(help: "Render threads for Export, 1…256 (default: the number of cores).")
    var threads: Int?

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535 (0: a free port)") }
        guard !host.isEmpty else { throw ValidationError("--host must name an address, such as 127.0.0.1") }
        try checkThreads(threads)
    }

    func run() throws {
        let cancellation = ExportCancellation()
        let interrupts = InterruptHandler(cancelling: cancellation)
        let input = self.input, quick = self.quick, threads = self.threads
        let absolute = URL(fileURLWithPath: input).standardizedFileURL.path
        let source = PreviewInput(
            name: URL(fileURLWithPath: input).lastPathComponent, files: [absolute],
            load: {
                let loaded = try readClip(input, quick: quick)
                return PreviewClip(clip: loaded.clip, outputs: loaded.isPresetFile ? loaded.preset.outputs : [],
                                   directory: loaded.directory, files: PreviewCommand.files(of: loaded, input: absolute))
            },
            export: { loaded, cancellation, progress in
                RenderCommand.makeFolders(for: loaded.outputs, relativeTo: loaded.directory)
                return try loaded.clip.export(loaded.outputs, relativeTo: loaded.directory, workers: threads,
                                              cancellation: cancellation, progress: progress)
            })
        let server = PreviewServer(input: source, host: host, port: port)
        let finished = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do {
                try await server.run(shouldStop: { interrupts.signal != nil }) { url in
                    // Written at once, not buffered: a script reading the URL from a pipe gets it now.
                    FileHandle.standardOutput.write(Data("preview: \(url)  (Ctrl-C stops)\n".utf8))
                }
            } catch {
                failure.set(error)
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error {
            printError("error: cannot serve on \(host):\(port): \(error)")
            throw ExitCode(ExitStatus.cannotCreate)
        }
    }

    /// Every file the clip reads: the preset (or symbol) given, the symbol and each replacement
    /// symbol, as the clip resolves them.
    static func files(of loaded: LoadedClip, input: String) -> [String] {
        func resolve(_ p: String) -> String {
            let base = loaded.isPresetFile ? loaded.directory : FileManager.default.currentDirectoryPath
            return p.hasPrefix("/") ? p : URL(fileURLWithPath: base).appendingPathComponent(p).standardizedFileURL.path
        }
        var files = [input] + (loaded.preset.symbol.map { [resolve($0.source)] } ?? []) + loaded.preset.sceneFiles.map(resolve)
        for case .replace(_, let with, _, _) in loaded.preset.timeline { files.append(resolve(with)) }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }
}

/// The server's error, handed from its task to the waiting command.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? { lock.withLock { stored } }
    func set(_ e: any Error) { lock.withLock { stored = e } }
}
