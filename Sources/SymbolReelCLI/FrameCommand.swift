import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel frame INPUT (--at S | --frame N) -o FILE.png`: one still. Hashes, poses and an SVG
/// drawn as a document are the commands `hashes`, `poses` and `page`.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Render one frame of a preset or symbol to a PNG.",
        discussion: Examples.text(for: "frame", after: false))

    @Argument(help: "A preset (.json), a symbol file (.svg) or an Xcode .symbolset folder.")
    var input: String

    @Option(help: "The time in seconds (an exact time; it need not fall on a frame).")
    var at: Double?

    @Option(help: "The frame index (0-based).")
    var frame: Int?

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String?

    @Option(help: "Output width in pixels (the height follows the aspect ratio).")
    var width: Int?

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        guard output != nil else { throw ValidationError("give the PNG to write with -o FILE.png") }
        guard (at == nil) != (frame == nil) else { throw ValidationError("give exactly one of --at SECONDS or --frame N") }
        try FrameCommand.check(at: at, frame: frame)
        if let width, !Limits.side.contains(width) { throw ValidationError("--width must be \(Limits.sideText)") }
    }

    /// The ranges of --at and --frame (shared with `poses`).
    static func check(at: Double?, frame: Int?) throws {
        if let at, !Limits.seconds.contains(at) { throw ValidationError("--at must be \(Limits.secondsText) seconds") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
    }

    func run() throws {
        let clip = try loadClip(input, quick: quick).clip
        let bitmap: Bitmap
        if let frame {
            try checkFrame(frame, of: clip)
            bitmap = clip.frame(index: frame, width: width)
        } else {
            bitmap = clip.still(atSeconds: at!, width: width)
        }
        do {
            try PNGStill.write(bitmap, to: output!)
        } catch {
            throw exitStatus(for: error)
        }
    }
}
