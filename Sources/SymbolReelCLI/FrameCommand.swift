import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel frame INPUT (--at S | --frame N) -o FILE.png`: one still. The jobs `frame` used
/// to do besides (`--hashes`, `--poses`, `--document`) are the commands `hashes`, `poses` and
/// `page`; the old flags stay for one release, hidden, and run those commands' code.
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

    @Flag(help: ArgumentHelp("Old spelling of `symbolreel page`.", visibility: .hidden))
    var document = false

    @Flag(help: ArgumentHelp("Old spelling of `symbolreel hashes`.", visibility: .hidden))
    var hashes = false

    @Flag(help: ArgumentHelp("Old spelling of `symbolreel poses`.", visibility: .hidden))
    var poses = false

    @Flag(help: ArgumentHelp("With the old --poses: one JSON array, a frame per element.", visibility: .hidden))
    var json = false

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        if json && !poses { throw ValidationError("--json goes with --poses") }
        if poses {
            guard output == nil, !hashes, !document else { throw ValidationError("--poses takes no -o, --hashes or --document") }
            guard at == nil || frame == nil else { throw ValidationError("give at most one of --at SECONDS or --frame N") }
            return try FrameCommand.check(at: at, frame: frame)
        }
        if hashes {
            guard output == nil, at == nil, frame == nil else { throw ValidationError("--hashes takes no -o, --at or --frame") }
            return
        }
        guard output != nil else { throw ValidationError("give the PNG to write with -o FILE.png") }
        if !document { guard (at == nil) != (frame == nil) else { throw ValidationError("give exactly one of --at SECONDS or --frame N") } }
        try FrameCommand.check(at: at, frame: frame)
        if let width, !Limits.side.contains(width) { throw ValidationError("--width must be \(Limits.sideText)") }
    }

    /// The ranges of --at and --frame (shared with `poses`).
    static func check(at: Double?, frame: Int?) throws {
        if let at, !Limits.seconds.contains(at) { throw ValidationError("--at must be \(Limits.secondsText) seconds") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
    }

    func run() throws {
        if document { return try PageCommand.render(input, variant: quick.variant, background: quick.background, width: width ?? 512, to: output!) }
        let clip = try loadClip(input, quick: quick).clip
        if poses { return try PosesCommand.printPoses(clip, frame: frame, at: at, json: json) }
        if hashes { return HashesCommand.printHashes(clip) }
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
