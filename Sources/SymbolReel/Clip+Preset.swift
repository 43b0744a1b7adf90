import Foundation
import SymbolRender
import SymbolTimeline

extension Clip {
    /// Reads a preset file and everything it names. A preset or symbol that cannot be used
    /// throws with its file and position (a symbol's line and column, a preset's JSON path).
    public init(presetAt path: String) throws(SymbolReelError) {
        self = try SymbolReelError.wrapping { try Clip(readingPresetAt: path) }
    }

    /// Builds a clip from a preset; relative paths resolve against `directory`, or stay as
    /// they are (relative to the working directory) when it is nil.
    public init(preset: Preset, relativeTo directory: String?) throws(SymbolReelError) {
        self = try SymbolReelError.wrapping { try Clip(building: preset, relativeTo: directory) }
    }

    /// `init(presetAt:)` throwing each module's own error (`PresetError`, `SymbolReadError`, `ClipError`).
    package init(readingPresetAt path: String) throws {
        let preset = try PresetReader.readFile(contentsOf: path)
        try self.init(preset: preset, relativeTo: URL(fileURLWithPath: path).deletingLastPathComponent().path, file: path)
    }

    /// Builds a clip from a preset read from `file`: a `ClipError` names the file, and an event
    /// the timeline refused by its JSON path (`$.timeline[1]: …`; a preset's timeline entries
    /// are the timeline's events, in order).
    package init(preset: Preset, relativeTo directory: String?, file: String) throws {
        do {
            try self.init(building: preset, relativeTo: directory)
        } catch var error as ClipError where error.file == nil {
            if let t = error.timeline, let i = t.eventIndex { error.message = "$.timeline[\(i)]: \(t.message)" }
            error.file = file
            throw error
        }
    }

    /// `init(preset:relativeTo:)` throwing each module's own error.
    package init(building preset: Preset, relativeTo directory: String?) throws {
        let resolve = { (p: String) -> String in
            guard let directory, !p.hasPrefix("/") else { return p }
            return URL(fileURLWithPath: directory).appendingPathComponent(p).standardizedFileURL.path
        }
        guard let symbol = preset.symbol else {
            try self.init(scenePreset: preset, resolve: resolve)
            return
        }
        let parts = try Clip.symbolParts(symbol, weight: symbol.weight, timeline: preset.timeline, style: preset.style, resolve: resolve)
        try self.init(documents: parts.documents, events: parts.events, settings: RenderSettings(preset: preset), style: parts.style,
                      fps: preset.canvas.fps, duration: preset.canvas.duration)
    }

    /// A symbol's documents (itself, then each Replace target), its timeline's events and its
    /// style, read from what a preset writes (a symbol preset's, or a scene's symbol item's).
    package static func symbolParts(_ symbol: Preset.Symbol, weight: SymbolWeight, timeline: [Preset.TimelineEntry], style: Preset.Style,
                                    resolve: (String) -> String) throws -> (documents: [SymbolDocument], events: [TimelineEvent], style: TimelineStyle) {
        let options = ReadOptions(weight: weight, scale: symbol.scale)
        var documents = [try SymbolFile.read(contentsOf: resolve(symbol.source), options: options)]
        var events: [TimelineEvent] = []
        for entry in timeline {
            switch entry {
            case .effect(let at, let effect, let opts):
                let call = try Clip.effectCall(effect, options: opts)
                events.append(.discrete(call.effect, options: call.options, at: at))
            case .indefinite(let from, let until, let effect, let opts):
                let call = try Clip.effectCall(effect, options: opts)
                events.append(.indefinite(call.effect, options: call.options, from: from, until: until))
            case .replace(let at, let with, let effect, let opts):
                documents.append(try SymbolFile.read(contentsOf: resolve(with), options: options))
                let call = try Clip.effectCall(effect, options: opts)
                events.append(.replace(with: documents.count - 1, effect: call.effect, options: call.options, at: at))
            case .track(let property, let keyframes):
                guard let p = TrackProperty(rawValue: property) else { throw ClipError("unknown track \(property)") }
                let frames = try keyframes.map { Keyframe($0.value, duration: $0.duration, try $0.curve.value()) }
                events.append(.keyframes(KeyframeTrack(p, keyframes: frames)))
            case .variableValuePoints(let points):
                events.append(.keyframes(KeyframeTrack(.variableValue, points: points.map { ($0[0], $0[1]) })))
            }
        }
        let timelineStyle = TimelineStyle(variableValue: style.variableValue,
                                          variableValueMode: style.variableValueMode == .draw ? .draw : .color,
                                          reduceMotion: style.reduceMotion)
        return (documents, events, timelineStyle)
    }

    /// An effect string (Apple's spelling or a pasted `.symbolEffect(…)` call) with the preset's
    /// options applied after any options the call itself carries.
    /// (A pasted `.symbolEffect(.bounce, options: .repeat(3))` with preset options `.speed(2)`
    /// repeats three times at double speed: only what the preset's options set replaces the call's.)
    package static func effectCall(_ effect: Spelled<EffectCall>, options: Preset.Options?) throws -> EffectCall {
        var call = try effect.value()
        switch options {
        case .expression(let e)?:
            let o = try e.value()
            if let r = o.repeatBehavior { call.options = call.options.repeat(r) }
            if o.speed != 1 { call.options = call.options.speed(o.speed) }
        case .object(let rep, let speed)?:
            switch rep {
            case .count(let n)?: call.options = call.options.repeat(n)
            case .continuous?: call.options = call.options.repeat(.continuous)
            case .periodic(let n, let d)?: call.options = call.options.repeat(.periodic(count: n, delay: d))
            case nil: break
            }
            if let speed { call.options = call.options.speed(speed) }
        case nil:
            break
        }
        return call
    }
}

extension RenderSettings {
    /// The render settings a preset asks for.
    package init(preset p: Preset) {
        self.init(width: p.canvas.width, height: p.canvas.height, background: p.canvas.background, size: p.symbol?.size ?? .fraction(0.5),
                  mode: p.style.renderingMode, colors: p.style.colors, accentColor: p.style.accentColor,
                  gradient: p.style.colorRendering == .gradient)
    }
}
