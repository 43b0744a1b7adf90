import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel hashes INPUT [quick options]`: one line per frame, for regression scripts.
struct HashesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hashes",
        abstract: "Print one line per frame: index, time and SHA-256 of the premultiplied RGBA pixels.",
        discussion: Examples.text(for: "hashes", after: false))

    @Argument(help: "A preset (.json), a symbol file (.svg) or an Xcode .symbolset folder.")
    var input: String

    @OptionGroup var quick: QuickClipOptions

    @Option(help: "Render threads through the staged pipeline, 1…256 (default: every frame in turn on this thread). The hashes do not depend on it.")
    var threads: Int?

    func run() throws {
        try checkThreads(threads)
        let clip = try loadClip(input, quick: quick).clip
        guard let threads else { return HashesCommand.printHashes(clip) }
        do {
            for line in try clip.pipelineHashes(workers: threads) { HashesCommand.print(line) }
        } catch {
            throw exitStatus(for: error)
        }
    }

    /// Tab-separated lines, the time with six decimals (the format the frame-hash baselines use).
    static func printHashes(_ clip: Clip) {
        for line in clip.frameHashes() { print(line) }
    }

    static func print(_ line: (index: Int, seconds: Double, sha256: String)) {
        Swift.print("\(line.index)\t\(String(format: "%.6f", line.seconds))\t\(line.sha256)")
    }
}
