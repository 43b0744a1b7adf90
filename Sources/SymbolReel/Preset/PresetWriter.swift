/// A `Preset` as preset JSON (the inverse of `PresetDecoder`).
enum PresetWriter {
    static func value(_ p: Preset) -> JSONValue {
        var top: [(String, JSONValue)] = []
        if let n = p.name { top.append(("name", s(n))) }
        var canvas: [(String, JSONValue)] = [("width", num(p.canvas.width)), ("height", num(p.canvas.height)), ("fps", n(p.canvas.fps))]
        if let d = p.canvas.duration { canvas.append(("duration", n(d))) }
        switch p.canvas.background {
        case .transparent: canvas.append(("background", s("transparent")))
        case .color(let c): canvas.append(("background", s(c.hexString)))
        case .linear(let colors, let angle):
            canvas.append(("background", obj([("linear", arr(colors.map { s($0.hexString) })), ("angle", n(angle))])))
        }
        top.append(("canvas", obj(canvas)))
        if let source = p.sceneSource {
            top.append((source.key, source.value))
            top.append(("outputs", arr(p.outputs.map(output))))
            return obj(top)
        }
        guard let symbol = p.symbol else { return obj(top) }
        let size: JSONValue
        switch symbol.size {
        case .fraction(let f): size = n(f)
        case .pointSize(let pt): size = obj([("pointSize", n(pt))])
        }
        top.append(("symbol", obj([("source", s(symbol.source)), ("weight", s(symbol.weight.rawValue)),
                                   ("scale", s(symbol.scale.rawValue)), ("size", size)])))
        var style: [(String, JSONValue)] = [
            ("renderingMode", s(p.style.renderingMode.rawValue)), ("colors", arr(p.style.colors.map { s($0.hexString) })),
            ("accentColor", s(p.style.accentColor.hexString)), ("colorRendering", s(p.style.colorRendering.rawValue)),
            ("variableValueMode", s(p.style.variableValueMode.rawValue)), ("reduceMotion", JSONValue(kind: .bool(p.style.reduceMotion), line: 0, column: 0)),
        ]
        if let v = p.style.variableValue { style.append(("variableValue", n(v))) }
        top.append(("style", obj(style)))
        top.append(("timeline", arr(p.timeline.map(entry))))
        top.append(("outputs", arr(p.outputs.map(output))))
        return obj(top)
    }

    private static func entry(_ e: Preset.TimelineEntry) -> JSONValue {
        switch e {
        case .effect(let at, let effect, let o):
            return obj([("at", n(at)), ("effect", s(effect.text))] + (o.map { [("options", options($0))] } ?? []))
        case .indefinite(let from, let until, let effect, let o):
            return obj([("from", n(from)), ("until", n(until)), ("effect", s(effect.text))] + (o.map { [("options", options($0))] } ?? []))
        case .replace(let at, let with, let effect, let o):
            return obj([("at", n(at)), ("replaceWith", s(with)), ("effect", s(effect.text))] + (o.map { [("options", options($0))] } ?? []))
        case .track(let property, let keyframes):
            return obj([("track", s(property)), ("keyframes", arr(keyframes.map {
                obj([("value", n($0.value)), ("duration", n($0.duration)), ("curve", s($0.curve.text))])
            }))])
        case .variableValuePoints(let points):
            return obj([("variableValue", arr(points.map { arr($0.map(n)) }))])
        }
    }

    private static func options(_ o: Preset.Options) -> JSONValue {
        switch o {
        case .expression(let e): return s(e.text)
        case .object(let rep, let speed):
            var m: [(String, JSONValue)] = []
            switch rep {
            case .count(let c)?: m.append(("repeat", num(c)))
            case .continuous?: m.append(("repeat", s("continuous")))
            case .periodic(let c, let d)?:
                m.append(("repeat", obj([("periodic", c.map(num) ?? JSONValue(kind: .null, line: 0, column: 0)), ("delay", n(d))])))
            case nil: break
            }
            if let speed { m.append(("speed", n(speed))) }
            return obj(m)
        }
    }

    private static func output(_ o: Preset.Output) -> JSONValue {
        var m: [(String, JSONValue)] = [("file", s(o.file))]
        if let f = o.format { m.append(("format", s(f.rawValue))) }
        if let c = o.codec { m.append(("codec", s(c.rawValue))) }
        if let v = o.fps { m.append(("fps", n(v))) }
        if let v = o.width { m.append(("width", num(v))) }
        if let v = o.height { m.append(("height", num(v))) }
        if let v = o.quality { m.append(("quality", num(v))) }
        if let v = o.loop { m.append(("loop", num(v))) }
        if let v = o.dither { m.append(("dither", s(v.rawValue))) }
        if let v = o.maxColors { m.append(("maxColors", num(v))) }
        if let v = o.effort { m.append(("effort", s(v.rawValue))) }
        if let v = o.maxBytes { m.append(("maxBytes", num(v))) }
        if let v = o.trigger { m.append(("trigger", s(v.rawValue))) }
        if let v = o.reducedMotion { m.append(("reducedMotion", JSONValue(kind: .bool(v), line: 0, column: 0))) }
        return obj(m)
    }

    private static func s(_ v: String) -> JSONValue { JSONValue(kind: .string(v), line: 0, column: 0) }
    private static func n(_ v: Double) -> JSONValue { JSONValue(kind: .number(v), line: 0, column: 0) }
    private static func num(_ v: Int) -> JSONValue { JSONValue(kind: .number(Double(v)), line: 0, column: 0) }
    private static func arr(_ v: [JSONValue]) -> JSONValue { JSONValue(kind: .array(v), line: 0, column: 0) }
    private static func obj(_ v: [(String, JSONValue)]) -> JSONValue {
        JSONValue(kind: .object(v.map { (key: $0.0, value: $0.1) }), line: 0, column: 0)
    }
}
