import ArgumentParser
import SymbolReel

/// `symbolreel sheet INPUT -o FILE.png [--columns N]`: a contact sheet of frames, for review.
struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Draw a contact sheet of a clip's frames with their times, for review.",
        discussion: Examples.text(for: "sheet", after: false))

    @Argument(help: "A preset (.json), a symbol file (.svg) or an Xcode .symbolset folder.")
    var input: String

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String

    @Option(help: "Cells across.")
    var columns: Int = 6

    @Option(help: "How many frames, evenly spaced, first and last included.")
    var frames: Int = 12

    @Option(name: .customLong("cell-width"), help: "Width of each cell in pixels.")
    var cellWidth: Int = 200

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        guard (1...32).contains(columns) else { throw ValidationError("--columns must be 1…32") }
        guard (1...400).contains(frames) else { throw ValidationError("--frames must be 1…400") }
        guard (32...1024).contains(cellWidth) else { throw ValidationError("--cell-width must be 32…1024") }
    }

    func run() throws {
        let clip = try loadClip(input, quick: quick).clip
        let indices = ContactSheet.indices(frameCount: clip.frameCount, count: frames)
        guard let sheet = ContactSheet.make(clip, indices: indices, columns: columns, cellWidth: cellWidth) else {
            printError("error: the sheet would be larger than \(Limits.side.upperBound) pixels on a side; use fewer frames, columns or a smaller --cell-width")
            throw ExitCode(ExitStatus.usage)
        }
        do {
            try PNGStill.write(sheet, to: output)
        } catch {
            throw exitStatus(for: error)
        }
    }
}
