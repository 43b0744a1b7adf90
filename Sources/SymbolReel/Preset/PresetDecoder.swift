/// Turns a JSON tree into a `Preset`, collecting every problem with its JSON path and position.
/// Unknown keys are problems too (with the nearest known key suggested), since a misspelt key
/// silently ignored is a clip rendered wrong.
struct PresetDecoder {
    var problems: [PresetProblem] = []
    /// Files the preset names (symbol sources and replacements), with where they are named,
    /// so a reader that knows the preset's folder can check they exist.
    var fileReferences: [(file: String, value: JSONValue, path: String)] = []

    /// The keys each object may have; `Presets/schema.json` must list the same (a test checks).
    static let keys: [String: [String]] = [
        "preset": ["$schema", "name", "canvas", "symbol", "style", "timeline", "outputs", "items", "scenes"],
        "scene": ["duration", "background", "transition", "items"],
        "transition": ["type", "duration", "curve"],
        "item": ["text", "symbol", "label", "vstack", "hstack", "position", "font", "color", "style", "timeline", "enter", "exit",
                 "width", "alignment", "spacing"],
        "label": ["symbol", "text"],
        "font": ["family", "file", "index", "size", "weight", "lineHeight"],
        "motion": ["at", "transition", "duration", "curve", "stagger", "by"],
        "canvas": ["width", "height", "fps", "duration", "background"],
        "symbol": ["source", "weight", "scale", "size"],
        "style": ["renderingMode", "colors", "accentColor", "colorRendering", "variableValue", "variableValueMode", "reduceMotion"],
        "output": ["file", "format", "codec", "fps", "width", "height", "quality", "loop", "dither", "maxColors", "effort", "trigger", "maxBytes", "reducedMotion"],
        "keyframe": ["value", "duration", "curve"],
        "options": ["repeat", "speed"],
    ]

    mutating func problem(_ v: JSONValue, _ path: String, _ message: String) {
        problems.append(PresetProblem(path: path, line: v.line, column: v.column, message: message))
    }

    // MARK: Typed access

    mutating func members(_ v: JSONValue, _ path: String, allowed: [String]) -> [(key: String, value: JSONValue)]? {
        guard case .object(let m) = v.kind else {
            problem(v, path, "expected an object, found \(v.typeName)")
            return nil
        }
        for (k, value) in m where !allowed.contains(k) {
            let hint = Suggest.nearest(k, in: allowed).map { "; did you mean \"\($0)\"?" } ?? "; known keys: \(allowed.joined(separator: ", "))"
            problem(value, "\(path).\(k)", "unknown key \"\(k)\"\(hint)")
        }
        return m
    }

    mutating func number(_ v: JSONValue?, _ path: String, in range: ClosedRange<Double>? = nil) -> Double? {
        guard let v else { return nil }
        guard case .number(let n) = v.kind else { problem(v, path, "expected a number, found \(v.typeName)"); return nil }
        if let range, !range.contains(n) {
            problem(v, path, "\(fmt(n)) is out of range; use \(fmt(range.lowerBound))…\(fmt(range.upperBound))")
            return nil
        }
        return n
    }

    mutating func integer(_ v: JSONValue?, _ path: String, in range: ClosedRange<Int>) -> Int? {
        guard let v, let n = number(v, path) else { return nil }
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            problem(v, path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(fmt(n))")
            return nil
        }
        return Int(n)
    }

    mutating func string(_ v: JSONValue?, _ path: String) -> String? {
        guard let v else { return nil }
        guard case .string(let s) = v.kind else { problem(v, path, "expected a string, found \(v.typeName)"); return nil }
        return s
    }

    mutating func bool(_ v: JSONValue?, _ path: String) -> Bool? {
        guard let v else { return nil }
        guard case .bool(let b) = v.kind else { problem(v, path, "expected true or false, found \(v.typeName)"); return nil }
        return b
    }

    mutating func choice<E: RawRepresentable & CaseIterable>(_ v: JSONValue?, _ path: String, _: E.Type) -> E?
    where E.RawValue == String {
        guard let v, let s = string(v, path) else { return nil }
        if let e = E(rawValue: s) { return e }
        let names = E.allCases.map(\.rawValue)
        let hint = Suggest.nearest(s, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
        problem(v, path, "\"\(s)\" is not one of \(names.joined(separator: ", "))\(hint)")
        return nil
    }

    mutating func color(_ v: JSONValue?, _ path: String) -> Color? {
        guard let v, let s = string(v, path) else { return nil }
        guard s.hasPrefix("#"), s.count == 7 || s.count == 9, let c = Color(hex: s) else {
            problem(v, path, "\"\(s)\" is not a colour; write #RRGGBB or #RRGGBBAA")
            return nil
        }
        return c
    }

    // MARK: Preset

    mutating func preset(_ v: JSONValue) -> Preset? {
        guard let m = members(v, "$", allowed: PresetDecoder.keys["preset"]!) else {
            return nil
        }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        if let s = o["$schema"] { _ = string(s, "$.$schema") }
        let name = string(o["name"], "$.name")
        let canvas = o["canvas"].map { self.canvas($0) } ?? Preset.Canvas()
        if o["items"] != nil || o["scenes"] != nil {
            return scenePreset(v, o, name: name, canvas: canvas)
        }
        guard let symbolValue = o["symbol"] else {
            problem(v, "$.symbol", "missing; a preset needs \"symbol\": {\"source\": \"path/to/symbol.svg\"}, or \"items\" for a scene")
            return nil
        }
        let symbol = self.symbol(symbolValue)
        let style = o["style"].map { self.style($0) } ?? Preset.Style()
        var timeline: [Preset.TimelineEntry] = []
        if let t = o["timeline"] {
            if case .array(let items) = t.kind {
                for (k, item) in items.enumerated() {
                    if let e = entry(item, "$.timeline[\(k)]") { timeline.append(e) }
                }
            } else {
                problem(t, "$.timeline", "expected an array of events, found \(t.typeName)")
            }
        }
        let outputs = self.outputs(o["outputs"])
        if let d = canvas.duration, d * canvas.fps > Double(Limits.frames) {
            problem(o["canvas"] ?? v, "$.canvas.duration", "the clip would have \(Int(d * canvas.fps)) frames; the limit is \(Limits.frames)")
        }
        guard let symbol else { return nil }
        return Preset(name: name, canvas: canvas, symbol: symbol, style: style, timeline: timeline, outputs: outputs)
    }

    mutating func outputs(_ out: JSONValue?) -> [Preset.Output] {
        var outputs: [Preset.Output] = []
        if let out {
            if case .array(let items) = out.kind {
                for (k, item) in items.enumerated() {
                    if let e = output(item, "$.outputs[\(k)]") { outputs.append(e) }
                }
            } else {
                problem(out, "$.outputs", "expected an array of outputs, found \(out.typeName)")
            }
        }
        return outputs
    }

    mutating func canvas(_ v: JSONValue) -> Preset.Canvas {
        var c = Preset.Canvas()
        guard let m = members(v, "$.canvas", allowed: PresetDecoder.keys["canvas"]!) else { return c }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        if let w = integer(o["width"], "$.canvas.width", in: Limits.side) { c.width = w }
        if let h = integer(o["height"], "$.canvas.height", in: Limits.side) { c.height = h }
        if c.width * c.height > Limits.pixels {
            problem(v, "$.canvas", "\(c.width)×\(c.height) is over 64 megapixels")
        }
        if let f = number(o["fps"], "$.canvas.fps", in: Limits.fps) { c.fps = f }
        if let dv = o["duration"], let d = number(dv, "$.canvas.duration") {
            if d > 0 && d <= Limits.seconds.upperBound { c.duration = d } else {
                problem(dv, "$.canvas.duration", "must be more than 0 and at most \(Limits.number(Limits.seconds.upperBound)) seconds")
            }
        }
        if let b = o["background"] { c.background = background(b) ?? .transparent }
        return c
    }

    mutating func background(_ v: JSONValue, _ path: String = "$.canvas.background") -> Preset.Background? {
        if case .string(let s) = v.kind {
            if s == "transparent" { return .transparent }
            return color(v, path).map { .color($0) }
        }
        guard let m = members(v, path, allowed: ["linear", "angle"]) else { return nil }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard let lv = o["linear"], case .array(let items) = lv.kind, items.count >= 2 else {
            problem(v, path + ".linear", "a gradient background needs \"linear\": [\"#hex\", \"#hex\", …] with two or more colours")
            return nil
        }
        let colors = items.enumerated().compactMap { color($0.element, "\(path).linear[\($0.offset)]") }
        let angle = number(o["angle"], path + ".angle", in: -360...360) ?? 90
        return colors.count == items.count ? .linear(colors, angle: angle) : nil
    }

    mutating func symbol(_ v: JSONValue, _ at: String = "$.symbol") -> Preset.Symbol? {
        guard let m = members(v, at, allowed: PresetDecoder.keys["symbol"]!) else { return nil }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard let sv = o["source"] else {
            problem(v, at + ".source", "missing; name the symbol's SVG file, relative to the preset")
            return nil
        }
        guard let source = string(sv, at + ".source") else { return nil }
        if source.isEmpty { problem(sv, at + ".source", "is empty; name the symbol's SVG file") }
        else { fileReferences.append((source, sv, at + ".source")) }
        var s = Preset.Symbol(source: source)
        if let w = choice(o["weight"], at + ".weight", SymbolWeight.self) { s.weight = w }
        if let sc = choice(o["scale"], at + ".scale", SymbolScale.self) { s.scale = sc }
        if let size = o["size"] {
            if case .number = size.kind, let f = number(size, at + ".size") {
                if f > 0 && f <= 4 { s.size = .fraction(f) } else { problem(size, at + ".size", "a fraction of the canvas height must be more than 0 and at most 4") }
            } else if let sm = members(size, at + ".size", allowed: ["pointSize"]) {
                let so = Dictionary(sm.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
                if let p = number(so["pointSize"], at + ".size.pointSize", in: 1...100_000) { s.size = .pointSize(p) }
                else if so["pointSize"] == nil { problem(size, at + ".size", "write a number (fraction of the canvas height) or {\"pointSize\": 300}") }
            }
        }
        return s
    }

    mutating func style(_ v: JSONValue, _ at: String = "$.style") -> Preset.Style {
        var s = Preset.Style()
        guard let m = members(v, at, allowed: PresetDecoder.keys["style"]!) else { return s }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        if let r = choice(o["renderingMode"], at + ".renderingMode", Preset.Style.RenderingMode.self) { s.renderingMode = r }
        if let cv = o["colors"] {
            if case .array(let items) = cv.kind, !items.isEmpty {
                let colors = items.enumerated().compactMap { color($0.element, at + ".colors[\($0.offset)]") }
                if colors.count == items.count { s.colors = colors }
                if items.count > 3 { problem(cv, at + ".colors", "at most three colours (primary, secondary, tertiary)") }
            } else {
                problem(cv, at + ".colors", "expected an array of one to three #RRGGBB colours")
            }
        }
        if let a = color(o["accentColor"], at + ".accentColor") { s.accentColor = a }
        if let c = choice(o["colorRendering"], at + ".colorRendering", Preset.Style.ColorRendering.self) { s.colorRendering = c }
        if let vv = number(o["variableValue"], at + ".variableValue", in: 0...1) { s.variableValue = vv }
        if let vm = choice(o["variableValueMode"], at + ".variableValueMode", Preset.Style.VariableValueMode.self) { s.variableValueMode = vm }
        if let rm = bool(o["reduceMotion"], at + ".reduceMotion") { s.reduceMotion = rm }
        return s
    }

    func fmt(_ v: Double) -> String { Limits.number(v) }
}

/// Nearest-name suggestions by edit distance, for "did you mean …?".
enum Suggest {
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased()))
            if d <= max(2, (w.count + 1) / 2), best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
