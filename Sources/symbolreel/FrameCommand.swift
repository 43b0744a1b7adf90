import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel frame INPUT (--at S | --frame N) -o FILE.png`, `--document`, `--hashes`.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Render one frame of a preset or symbol to a PNG, or print a hash of every frame.",
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

    @Flag(help: "Render the SVG as an ordinary document, its viewBox fitted to --width (default 512).")
    var document = false

    @Flag(help: "Print one line per frame: index, time, SHA-256 of the premultiplied RGBA pixels.")
    var hashes = false

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        if hashes {
            guard output == nil, at == nil, frame == nil else { throw ValidationError("--hashes takes no -o, --at or --frame") }
            return
        }
        guard output != nil else { throw ValidationError("give the PNG to write with -o FILE.png") }
        if !document { guard (at == nil) != (frame == nil) else { throw ValidationError("give exactly one of --at SECONDS or --frame N") } }
        if let at, !(at >= 0 && at <= 600) { throw ValidationError("--at must be 0…600 seconds") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if let width, !(16...8192).contains(width) { throw ValidationError("--width must be 16…8192") }
    }

    func run() throws {
        if document { return try renderDocument() }
        let clip = try loadClip(input, quick: quick)
        if hashes {
            for line in clip.frameHashes() { print("\(line.index)\t\(String(format: "%.6f", line.seconds))\t\(line.sha256)") }
            return
        }
        let bitmap: Bitmap
        if let frame {
            guard frame < clip.frameCount else {
                printError("error: frame \(frame) is past the end; the clip has \(clip.frameCount) frames (0…\(clip.frameCount - 1))")
                throw ExitCode(ExitStatus.usage)
            }
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

    private func renderDocument() throws {
        let doc: SymbolDocument
        do {
            doc = try SymbolFile.read(contentsOf: input, options: quick.variant.readOptions)
        } catch {
            throw exitStatus(for: error)
        }
        let bg: CanvasBackground = quick.background == "transparent" ? .transparent : .color(Color(hex: quick.background)!)
        guard let bitmap = PageRenderer().render(doc.page, width: width ?? 512, background: bg) else {
            printError("error: \(input): the page cannot be drawn at that width (its height would be out of range)")
            throw ExitCode(ExitStatus.dataError)
        }
        do {
            try PNGStill.write(bitmap, to: output!)
        } catch {
            throw exitStatus(for: error)
        }
    }
}
