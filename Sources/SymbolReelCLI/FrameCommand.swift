import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel frame INPUT (--at S | --frame N) -o FILE.png`, `--document`, `--hashes`, `--poses [--json]`.
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

    @Flag(help: "Print every frame's pose straight from the timeline (no pixels): each layer's scale, rotation, offset, opacity, blur, draw range and variable state (docs/testing.md). With --at or --frame, that frame only.")
    var poses = false

    @Flag(help: "With --poses: one JSON array, a frame per element.")
    var json = false

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        if json && !poses { throw ValidationError("--json goes with --poses") }
        if poses {
            guard output == nil, !hashes, !document else { throw ValidationError("--poses takes no -o, --hashes or --document") }
            guard at == nil || frame == nil else { throw ValidationError("give at most one of --at SECONDS or --frame N") }
            return
        }
        if hashes {
            guard output == nil, at == nil, frame == nil else { throw ValidationError("--hashes takes no -o, --at or --frame") }
            return
        }
        guard output != nil else { throw ValidationError("give the PNG to write with -o FILE.png") }
        if !document { guard (at == nil) != (frame == nil) else { throw ValidationError("give exactly one of --at SECONDS or --frame N") } }
        if let at, !Limits.seconds.contains(at) { throw ValidationError("--at must be \(Limits.secondsText) seconds") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if let width, !Limits.side.contains(width) { throw ValidationError("--width must be \(Limits.sideText)") }
    }

    func run() throws {
        if document { return try renderDocument() }
        let clip = try loadClip(input, quick: quick).clip
        if poses { return try printPoses(clip) }
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

    private func printPoses(_ clip: Clip) throws {
        var range = 0..<clip.frameCount
        if let frame {
            guard frame < clip.frameCount else {
                printError("error: frame \(frame) is past the end; the clip has \(clip.frameCount) frames (0…\(clip.frameCount - 1))")
                throw ExitCode(ExitStatus.usage)
            }
            range = frame..<frame + 1
        } else if let at {
            let i = min(clip.frameCount - 1, clip.rate.frame(atSeconds: at).index)
            range = i..<i + 1
        }
        let frames = clip.poses(frames: range)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(frames), as: UTF8.self))
            return
        }
        for f in frames { print(FrameCommand.text(f), terminator: "") }
    }

    static func text(_ f: FramePose) -> String {
        func n(_ v: Double) -> String { String(format: "%.4f", v).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression) }
        func xy(_ v: [Double]) -> String { v.map(n).joined(separator: ",") }
        var s = "frame \(f.index)  \(String(format: "%.6f", f.seconds)) s"
        let c = f.canvas
        if c.scale != 1 || c.rotation != 0 || c.offset != [0, 0] || c.opacity != 1 {
            s += "  canvas: scale \(n(c.scale)) rotation \(n(c.rotation)) offset \(xy(c.offset)) opacity \(n(c.opacity))"
        }
        s += "\n"
        for sym in f.symbols {
            s += "  \(sym.file) (\(sym.role), \(sym.layerMode)): scale \(n(sym.scale)) rotation \(n(sym.rotation)) offset \(xy(sym.offset)) opacity \(n(sym.opacity))"
            if sym.blur > 0 { s += " blur \(n(sym.blur))" }
            if let v = sym.variableValue { s += " value \(n(v))" }
            s += "\n"
            for l in sym.layers {
                s += "    \(l.name): scale \(n(l.scale)) rotation \(n(l.rotation)) offset \(xy(l.offset)) opacity \(n(l.opacity))"
                if l.blur > 0 { s += " blur \(n(l.blur))" }
                if let r = l.drawRange { s += " draw \(n(r[0]))…\(n(r[1]))" + (l.drawTrackOpacity > 0 ? " track \(n(l.drawTrackOpacity))" : "") }
                if let m = l.morph { s += " morph from document \(m.document) layer \(m.layer) at \(n(m.amount))" }
                s += "\n"
            }
        }
        return s
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
