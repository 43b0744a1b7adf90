import ArgumentParser
import Foundation
import SymbolReel

/// The quick options that make a clip from a symbol file without a preset (shared by `render`,
/// `frame` and `sheet`).
struct QuickClipOptions: ParsableArguments {
    @Option(help: "An effect in Apple's spelling, such as .bounce.up or '.symbolEffect(.pulse, options: .repeating)'. It starts at --from (default 0); an indefinite effect (.scale, a repeating one, or one given --until or 'isActive: true') stays active for the whole clip or until --until.")
    var effect: String?

    @Option(help: "Effect options, such as .repeat(2).speed(1.5).")
    var options: String?

    @Option(help: ArgumentHelp("When the effect starts, in seconds (default 0).", valueName: "seconds"))
    var from: Double?

    @Option(help: ArgumentHelp("When an effect stops being active, in seconds: it plays (and repeats) from --from until then, and eases back to rest.", valueName: "seconds"))
    var until: Double?

    @Option(help: "Clip length in seconds (default: the effect's own length, at least 1 s; 2 s past --from for an effect active to the end).")
    var duration: Double?

    @Option(help: "Frames per second, \(Limits.fpsText).")
    var fps: Double = 60

    @Option(help: "Canvas size as WxH (or one number for a square), \(Limits.sideText).")
    var size: String = "512x512"

    @Option(help: "Rendering mode: monochrome, hierarchical, palette or multicolor (default: monochrome, or palette when more than one --color is given).")
    var mode: RenderingMode?

    @Option(name: .customLong("color"), help: "A colour as #RRGGBB; repeat up to three times for palette mode (primary, secondary, tertiary).")
    var colors: [String] = []

    @Flag(help: "Gradient colour rendering: each colour becomes a vertical gradient (SF Symbols 7).")
    var gradient = false

    @Option(help: "The accent colour (#RRGGBB) that multicolor layers named tintColor take (default #007AFF).")
    var accent: String?

    @Option(help: "Background: transparent or #RRGGBB(AA).")
    var background: String = "transparent"

    @Option(name: .customLong("replace-with"), help: "A symbol to replace this one with at --from (use a .replace effect).")
    var replaceWith: String?

    @OptionGroup var variant: VariantOptions

    func validate() throws {
        guard canvasSize != nil else { throw ValidationError("--size must be WxH with sides \(Limits.sideText), such as 1080x1080") }
        guard Limits.fps.contains(fps) else { throw ValidationError("--fps must be \(Limits.fpsText)") }
        if let d = duration, !(d > 0 && d <= Limits.seconds.upperBound) {
            throw ValidationError("--duration must be more than 0 and at most \(Limits.number(Limits.seconds.upperBound)) seconds")
        }
        for (name, t) in [("--from", from), ("--until", until)] {
            if let t, !Limits.seconds.contains(t) { throw ValidationError("\(name) must be \(Limits.secondsText) seconds") }
        }
        if from != nil, effect == nil, replaceWith == nil { throw ValidationError("--from delays an effect: give one with --effect") }
        if until != nil {
            guard effect != nil else { throw ValidationError("--until ends an effect: give one with --effect") }
            guard replaceWith == nil else { throw ValidationError("--until does not apply to a replacement; it happens once, at --from") }
            if until! <= (from ?? 0) { throw ValidationError("--until must be later than --from (\(from ?? 0) s)") }
        }
        if colors.count > Limits.colors {
            throw ValidationError("--color is given \(colors.count) times; a palette has at most three colours (primary, secondary, tertiary)")
        }
        for c in colors where Color(hex: c) == nil || !c.hasPrefix("#") {
            throw ValidationError("--color '\(c)' is not a colour; write #RRGGBB")
        }
        if let accent, Color(hex: accent) == nil || !accent.hasPrefix("#") {
            throw ValidationError("--accent '\(accent)' is not a colour; write #RRGGBB")
        }
        if background != "transparent" && (Color(hex: background) == nil || !background.hasPrefix("#")) {
            throw ValidationError("--background '\(background)' is not 'transparent' or #RRGGBB(AA)")
        }
    }

    var canvasSize: (Int, Int)? {
        let parts = size.lowercased().split(separator: "x").map { Int($0) }
        guard let w = parts.first ?? nil, let h = parts.count == 2 ? parts[1] : w, parts.count <= 2,
              Limits.side.contains(w), Limits.side.contains(h) else { return nil }
        return (w, h)
    }

    /// The rendering mode: `--mode`, else palette for several colours, else monochrome.
    var resolvedMode: RenderingMode { mode ?? (colors.count > 1 ? .palette : .monochrome) }

    /// The preset these options describe for a symbol file (an SVG or a `.symbolset` folder):
    /// the same type a preset file decodes to, so a quick clip is built exactly as a preset's is.
    /// Paths stay as given (relative to the working directory).
    func preset(symbol path: String) throws -> Preset {
        let start = from ?? 0
        var timeline: [Preset.TimelineEntry] = []
        var duration = self.duration
        let opts = options.map { Preset.Options.expression(Spelled($0)) }
        if let replaceWith {
            timeline.append(.replace(at: start, with: replaceWith, effect: Spelled(effect ?? ".replace"), options: opts))
        } else if let text = effect {
            // Read once: the event's kind depends on it, and the clip takes the same value.
            let effect = Spelled<EffectCall>(text)
            let call = try Clip.effectCall(effect, options: opts)
            if until != nil || QuickClipOptions.isIndefinite(call, text: text) {
                // Active to the end of the clip unless --until: the clip runs 2 s past --from
                // unless --duration says otherwise.
                if until == nil, duration == nil { duration = start + QuickClipOptions.activeLength }
                timeline.append(.indefinite(from: start, until: until ?? duration!, effect: effect, options: opts))
            } else {
                timeline.append(.effect(at: start, effect: effect, options: opts))
            }
        }
        let (w, h) = canvasSize!
        var style = Preset.Style()
        style.renderingMode = resolvedMode
        if !colors.isEmpty { style.colors = colors.compactMap { Color(hex: $0) } }
        if let accent { style.accentColor = Color(hex: accent)! }
        style.colorRendering = gradient ? .gradient : .flat
        return Preset(
            canvas: Preset.Canvas(width: w, height: h, fps: fps, duration: duration,
                                  background: background == "transparent" ? .transparent : .color(Color(hex: background)!)),
            symbol: Preset.Symbol(source: path, weight: variant.weight, scale: variant.scale, size: .fraction(0.5)),
            style: style, timeline: timeline)
    }

    /// How long a clip runs past --from when its effect stays active to the end and no
    /// --duration is given.
    static let activeLength = 2.0

    /// Whether the quick form plays `call` as an indefinite effect, active from --from to the end
    /// of the clip (as `.symbolEffect(.scale.up, isActive: true)` is): an effect that only holds
    /// while active (`.scale`), endless options (`.repeating`), or a pasted call with `isActive:`.
    static func isIndefinite(_ call: EffectCall, text: String) -> Bool {
        if case .scale = call.effect.kind { return true }
        if isEndless(call.options) { return true }
        return text.range(of: #"isActive\s*:\s*true"#, options: .regularExpression) != nil
    }

    /// `.repeating`, `.repeat(.continuous)` or a periodic repeat without a count: runs for the whole clip.
    static func isEndless(_ o: SymbolEffectOptions?) -> Bool {
        switch o?.repeatBehavior {
        case .continuous?, .periodic(nil, _)?: return true
        default: return false
        }
    }
}

extension RenderingMode: ExpressibleByArgument {}
extension Preset.Output.Codec: ExpressibleByArgument {}
extension Preset.Output.Format: ExpressibleByArgument {}
extension Preset.Output.Trigger: ExpressibleByArgument {}

/// A clip and the preset it was built from: a preset file as read, or the preset the quick
/// options describe. Either way the clip is built once, by `Clip(preset:relativeTo:)`.
struct LoadedClip {
    var clip: Clip
    var preset: Preset
    /// What the preset's relative paths are relative to.
    var directory: String
    var isPresetFile: Bool
}

/// Loads the clip an INPUT names: a preset (`.json`), or a symbol (an SVG or a `.symbolset`
/// folder) with quick options. The preset file is read once.
func loadClip(_ input: String, quick: QuickClipOptions) throws -> LoadedClip {
    let loaded: LoadedClip
    do {
        loaded = try readClip(input, quick: quick)
    } catch {
        throw exitStatus(for: error)
    }
    // What was dropped or adjusted while reading goes to standard error, as compilers do;
    // notes stay quiet (`inspect` and `validate` show them).
    for d in loaded.clip.diagnostics where d.severity == .warning { printError(d.description) }
    return loaded
}

/// `loadClip` without printing: the reader's or clip's own error is thrown as it is (`preview`
/// reads again on every save and shows the error on its page).
func readClip(_ input: String, quick: QuickClipOptions) throws -> LoadedClip {
    if input.lowercased().hasSuffix(".json") {
        let preset = try PresetReader.read(contentsOf: input)
        let directory = URL(fileURLWithPath: input).deletingLastPathComponent().path
        return LoadedClip(clip: try Clip(preset: preset, relativeTo: directory, file: input), preset: preset,
                          directory: directory, isPresetFile: true)
    }
    let preset = try quick.preset(symbol: input)
    return LoadedClip(clip: try Clip(preset: preset, relativeTo: nil), preset: preset,
                      directory: FileManager.default.currentDirectoryPath, isPresetFile: false)
}

/// Prints an error the way compilers do and returns the exit code for it.
func exitStatus(for error: Error) -> ExitCode {
    if let e = error as? ExitCode { return e }
    let failure = CommandFailure(error)
    printError(failure.message)
    return ExitCode(failure.status)
}

/// An error as the line to print and the exit code of docs/presets.md (`batch` collects
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
        case let e as ExitCode:
            self.init(message: "error: exit \(e.rawValue)", status: e.rawValue)
        default:
            // The library's error (or a module's own, wrapped the same way): its lines as they are,
            // and the exit code for its kind.
            let e = SymbolReelError(error)
            self.init(message: e.kind == .cancelled ? "interrupted: no output was left behind" : e.description,
                      status: ExitStatus.code(for: e.kind))
        }
    }
}
