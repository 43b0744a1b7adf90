import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel poses INPUT [--at S | --frame N] [--json] [quick options]`: the timeline's
/// answer for every frame, without pixels (docs/testing.md).
struct PosesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "poses",
        abstract: "Print every frame's pose straight from the timeline, without pixels.",
        discussion: """
            Per symbol and layer: scale, rotation, offset, opacity, blur, draw range and variable \
            state (docs/testing.md). With --at or --frame, that frame only.
            """ + Examples.text(for: "poses"))

    @Argument(help: "A preset (.json), a symbol file (.svg) or an Xcode .symbolset folder.")
    var input: String

    @Option(help: "Only the frame shown at this time in seconds.")
    var at: Double?

    @Option(help: "Only this frame index (0-based).")
    var frame: Int?

    @Flag(help: "One JSON array, a frame per element.")
    var json = false

    @OptionGroup var quick: QuickClipOptions

    func validate() throws {
        guard at == nil || frame == nil else { throw ValidationError("give at most one of --at SECONDS or --frame N") }
        try FrameCommand.check(at: at, frame: frame)
    }

    func run() throws {
        try PosesCommand.printPoses(try loadClip(input, quick: quick).clip, frame: frame, at: at, json: json)
    }

    /// Prints the poses of every frame, or of the one `frame` or `at` names.
    static func printPoses(_ clip: Clip, frame: Int?, at: Double?, json: Bool) throws {
        guard clip.scene == nil else {
            throw exitStatus(for: CommandFailure(message: "error: poses lists one symbol's timeline; a scene's are not listed yet (render its frames, or give its symbol on its own)",
                                                 status: ExitStatus.dataError))
        }
        var range = 0..<clip.frameCount
        if let frame {
            try checkFrame(frame, of: clip)
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
        for f in frames { print(PosesCommand.text(f), terminator: "") }
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
}

/// Exits 64 when `frame` is past the clip's last frame (`frame` and `poses` share it).
func checkFrame(_ frame: Int, of clip: Clip) throws {
    guard frame < clip.frameCount else {
        printError("error: frame \(frame) is past the end; the clip has \(clip.frameCount) frames (0…\(clip.frameCount - 1))")
        throw ExitCode(ExitStatus.usage)
    }
}
