import ArgumentParser
import Foundation
import SymbolReel

/// The quick options that make a clip from a symbol file without a preset (shared by `render`,
/// `frame` and `sheet`).
struct QuickClipOptions: ParsableArguments {
    @Option(help: "An effect in Apple's spelling, such as .bounce.up or '.symbolEffect(.pulse, options: .repeating)'. It starts at time 0.")
    var effect: String?

    @Option(help: "Effect options, such as .repeat(2).speed(1.5).")
    var options: String?

    @Option(help: "Clip length in seconds (default: the effect's own length, at least 1 s).")
    var duration: Double?

    @Option(help: "Frames per second, 1…120.")
    var fps: Double = 60

    @Option(help: "Canvas size as WxH (or one number for a square), 16…8192.")
    var size: String = "512x512"

    @Option(help: "Rendering mode: monochrome, hierarchical, palette or multicolor.")
    var mode: RenderingMode = .monochrome

    @Option(name: .customLong("color"), help: "A colour as #RRGGBB; repeat for palette mode.")
    var colors: [String] = []

    @Option(help: "Background: transparent or #RRGGBB(AA).")
    var background: String = "transparent"

    @Option(name: .customLong("replace-with"), help: "A symbol to replace this one with (use a .replace effect).")
    var replaceWith: String?

    @OptionGroup var variant: VariantOptions

    func validate() throws {
        guard canvasSize != nil else { throw ValidationError("--size must be WxH with sides 16…8192, such as 1080x1080") }
        guard (1...120).contains(fps) else { throw ValidationError("--fps must be 1…120") }
        if let d = duration, !(d > 0 && d <= 600) { throw ValidationError("--duration must be more than 0 and at most 600 seconds") }
        for c in colors where Color(hex: c) == nil || !c.hasPrefix("#") {
            throw ValidationError("--color '\(c)' is not a colour; write #RRGGBB")
        }
        if background != "transparent" && (Color(hex: background) == nil || !background.hasPrefix("#")) {
            throw ValidationError("--background '\(background)' is not 'transparent' or #RRGGBB(AA)")
        }
    }

    var canvasSize: (Int, Int)? {
        let parts = size.lowercased().split(separator: "x").map { Int($0) }
        guard let w = parts.first ?? nil, let h = parts.count == 2 ? parts[1] : w, parts.count <= 2,
              (16...8192).contains(w), (16...8192).contains(h) else { return nil }
        return (w, h)
    }

    /// The clip for a symbol file and these options.
    func clip(symbol path: String) throws -> Clip {
        let read = variant.readOptions
        var documents = [try SymbolReader.read(contentsOf: path, options: read)]
        var events: [TimelineEvent] = []
        if let replaceWith { documents.append(try SymbolReader.read(contentsOf: replaceWith, options: read)) }
        if let effect {
            let call = try Clip.effectCall(effect, options: options.map { .expression($0) })
            if documents.count > 1 {
                events.append(.replace(with: 1, effect: call.effect, options: call.options, at: 0))
            } else if QuickClipOptions.isEndless(call.options) {
                events.append(.indefinite(call.effect, options: call.options, from: 0, until: nil))
            } else {
                events.append(.discrete(call.effect, options: call.options, at: 0))
            }
        } else if documents.count > 1 {
            events.append(.replace(with: 1, at: 0))
        }
        let (w, h) = canvasSize!
        let bg: CanvasBackground = background == "transparent" ? .transparent : .color(Color(hex: background)!)
        let settings = RenderSettings(width: w, height: h, background: bg, size: .fraction(0.5), mode: mode,
                                      colors: colors.isEmpty ? [.black] : colors.compactMap { Color(hex: $0) })
        var duration = self.duration
        if duration == nil, QuickClipOptions.isEndless(events.first.flatMap(QuickClipOptions.options(of:))) { duration = 2 }
        return try Clip(documents: documents, events: events, settings: settings, fps: fps, duration: duration)
    }

    /// `.repeating`, `.repeat(.continuous)` or a periodic repeat without a count: runs for the whole clip.
    static func isEndless(_ o: SymbolEffectOptions?) -> Bool {
        switch o?.repeatBehavior {
        case .continuous?, .periodic(nil, _)?: return true
        default: return false
        }
    }

    private static func options(of e: TimelineEvent) -> SymbolEffectOptions? {
        switch e {
        case .discrete(_, let o, _), .indefinite(_, let o, _, _), .replace(_, _, let o, _): return o
        case .keyframes: return nil
        }
    }
}

extension RenderingMode: ExpressibleByArgument {}
extension Preset.Output.Codec: ExpressibleByArgument {}

/// Loads the clip an INPUT names: a preset (`.json`) or a symbol with quick options.
func loadClip(_ input: String, quick: QuickClipOptions) throws -> Clip {
    let clip: Clip
    do {
        clip = input.lowercased().hasSuffix(".json") ? try Clip(presetAt: input) : try quick.clip(symbol: input)
    } catch {
        throw exitStatus(for: error)
    }
    // What was dropped or adjusted while reading goes to standard error, as compilers do;
    // notes stay quiet (`inspect` and `validate` show them).
    for d in clip.diagnostics where d.severity == .warning { printError(d.description) }
    return clip
}

/// Prints an error the way compilers do and returns the exit code for it.
func exitStatus(for error: Error) -> ExitCode {
    if let e = error as? ExitCode { return e }
    let failure = CommandFailure(error)
    printError(failure.message)
    return ExitCode(failure.status)
}

/// An error as the line to print and the exit code of ../shared/PRESETS.md (`batch` collects
/// these instead of printing at once).
struct CommandFailure: Error, Sendable {
    var message: String
    var status: Int32

    init(message: String, status: Int32) {
        self.message = message
        self.status = status
    }

    init(_ error: Error) {
        switch error {
        case let e as CommandFailure:
            self = e
        case let e as SymbolReadError:
            self.init(message: e.description, status: ExitStatus.code(for: e))
        case let e as PresetError:
            self.init(message: e.description, status: e.kind == .notFound || e.kind == .unreadable ? ExitStatus.noInput : ExitStatus.dataError)
        case let e as ExpressionError:
            self.init(message: "error: \(e.message)", status: ExitStatus.usage)
        case let e as ClipError:
            self.init(message: e.file == nil ? "error: \(e.message)" : e.description, status: ExitStatus.dataError)
        case let e as EncodeError:
            if case .cannotCreate = e {
                self.init(message: "error: \(e.description)", status: ExitStatus.cannotCreate)
            } else {
                self.init(message: "error: \(e.description)", status: ExitStatus.ioError)
            }
        case is CancellationError:
            self.init(message: "interrupted: no output was left behind", status: ExitStatus.interrupted)
        case let e as ExitCode:
            self.init(message: "error: exit \(e.rawValue)", status: e.rawValue)
        default:
            self.init(message: "error: \(error)", status: ExitStatus.dataError)
        }
    }
}
