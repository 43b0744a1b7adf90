/// Timeline events and outputs.
extension PresetDecoder {
    static let trackProperties = ["scale", "rotation", "offsetX", "offsetY", "opacity", "variableValue"]

    mutating func entry(_ v: JSONValue, _ path: String) -> Preset.TimelineEntry? {
        guard case .object(let m) = v.kind else {
            problem(v, path, "expected an event object, found \(v.typeName)")
            return nil
        }
        let keys = Set(m.map(\.key))
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        func reject(_ allowed: [String]) {
            for (k, value) in m where !allowed.contains(k) {
                let hint = Suggest.nearest(k, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
                problem(value, "\(path).\(k)", "unknown key \"\(k)\" in this event\(hint)")
            }
        }
        if keys.contains("track") {
            reject(["track", "keyframes"])
            return track(o, v, path)
        }
        if keys == ["variableValue"], let pv = o["variableValue"] {
            return variablePoints(pv, path + ".variableValue")
        }
        if keys.contains("replaceWith") {
            reject(["at", "replaceWith", "effect", "options"])
            let at = time(o["at"], path + ".at", parent: v, required: true)
            let with = string(o["replaceWith"], path + ".replaceWith")
            let effect = o["effect"].flatMap { effectString($0, path + ".effect") } ?? ".replace"
            let options = o["options"].flatMap { self.options($0, path + ".options") }
            guard let at, let with else { return nil }
            if with.isEmpty { problem(o["replaceWith"]!, path + ".replaceWith", "is empty; name the symbol to replace with") }
            else { fileReferences.append((with, o["replaceWith"]!, path + ".replaceWith")) }
            return .replace(at: at, with: with, effect: effect, options: options)
        }
        if keys.contains("from") || keys.contains("until") {
            reject(["from", "until", "effect", "options"])
            let from = time(o["from"], path + ".from", parent: v, required: true)
            let until = time(o["until"], path + ".until", parent: v, required: true)
            let effect = requiredEffect(o, v, path)
            let options = o["options"].flatMap { self.options($0, path + ".options") }
            guard let from, let until, let effect else { return nil }
            if until <= from { problem(o["until"]!, path + ".until", "must be later than \"from\" (\(fmt(from)) s)") ; return nil }
            return .indefinite(from: from, until: until, effect: effect, options: options)
        }
        if keys.contains("at") || keys.contains("effect") {
            reject(["at", "effect", "options"])
            let at = time(o["at"], path + ".at", parent: v, required: true)
            let effect = requiredEffect(o, v, path)
            let options = o["options"].flatMap { self.options($0, path + ".options") }
            guard let at, let effect else { return nil }
            return .effect(at: at, effect: effect, options: options)
        }
        problem(v, path, "an event needs \"at\" and \"effect\", \"from\"/\"until\" and \"effect\", \"replaceWith\", or \"track\"")
        return nil
    }

    mutating func time(_ v: JSONValue?, _ path: String, parent: JSONValue, required: Bool) -> Double? {
        guard let v else {
            if required { problem(parent, path, "missing; give a time in seconds") }
            return nil
        }
        guard case .number(let t) = v.kind else { problem(v, path, "expected a time in seconds, found \(v.typeName)"); return nil }
        guard Limits.seconds.contains(t) else { problem(v, path, "\(fmt(t)) s is outside \(Limits.text(Limits.seconds)) seconds"); return nil }
        return t
    }

    private mutating func requiredEffect(_ o: [String: JSONValue], _ v: JSONValue, _ path: String) -> Spelled<EffectCall>? {
        guard let e = o["effect"] else {
            problem(v, path + ".effect", "missing; name an effect such as \".bounce\"")
            return nil
        }
        return effectString(e, path + ".effect")
    }

    private mutating func effectString(_ v: JSONValue, _ path: String) -> Spelled<EffectCall>? {
        guard case .string(let s) = v.kind else { problem(v, path, "expected an effect string such as \".bounce.up\", found \(v.typeName)"); return nil }
        return spelled(v, s, path)
    }

    /// The string read once, as the clip will use it; what is wrong with it reported at its place.
    mutating func spelled<Value>(_ v: JSONValue, _ text: String, _ path: String) -> Spelled<Value>? {
        let spelled = Spelled<Value>(text)
        if let e = spelled.error {
            problem(inString: v, text, e, path)
            return nil
        }
        return spelled
    }

    mutating func options(_ v: JSONValue, _ path: String) -> Preset.Options? {
        switch v.kind {
        case .string(let s):
            return spelled(v, s, path).map { .expression($0) }
        case .object(let m):
            let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            for (k, value) in m where !["repeat", "speed"].contains(k) {
                let hint = Suggest.nearest(k, in: ["repeat", "speed"]).map { "; did you mean \"\($0)\"?" } ?? ""
                problem(value, "\(path).\(k)", "unknown option \"\(k)\"\(hint)")
            }
            var rep: Preset.Options.RepeatValue?
            if let r = o["repeat"] {
                switch r.kind {
                case .number(let n):
                    if n == n.rounded(), n >= 1, n <= 1000 { rep = .count(Int(n)) } else { problem(r, path + ".repeat", "a repeat count must be a whole number from 1 to 1000") }
                case .string(let s):
                    if s == "continuous" { rep = .continuous } else { problem(r, path + ".repeat", "expected a count, \"continuous\" or {\"periodic\": n, \"delay\": s}") }
                case .object(let pm):
                    let po = Dictionary(pm.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
                    for (k, value) in pm where !["periodic", "delay"].contains(k) { problem(value, "\(path).repeat.\(k)", "unknown key \"\(k)\"") }
                    var count: Int?
                    if let pv = po["periodic"], case .number(let n) = pv.kind {
                        if n == n.rounded(), n >= 1, n <= 1000 { count = Int(n) } else { problem(pv, path + ".repeat.periodic", "a count must be a whole number from 1 to 1000") }
                    } else if let pv = po["periodic"], pv.kind != .null {
                        problem(pv, path + ".repeat.periodic", "expected a count or null (endless)")
                    }
                    let delay = po["delay"].flatMap { number($0, path + ".repeat.delay", in: Limits.seconds) } ?? 0
                    rep = .periodic(count: count, delay: delay)
                default:
                    problem(r, path + ".repeat", "expected a count, \"continuous\" or {\"periodic\": n, \"delay\": s}")
                }
            }
            let speed = o["speed"].flatMap { number($0, path + ".speed", in: 0.01...100) }
            return .object(repeatCount: rep, speed: speed)
        default:
            problem(v, path, "expected options such as \".repeat(2)\" or {\"repeat\": 2}, found \(v.typeName)")
            return nil
        }
    }

    private mutating func track(_ o: [String: JSONValue], _ v: JSONValue, _ path: String) -> Preset.TimelineEntry? {
        guard let property = string(o["track"], path + ".track") else { return nil }
        guard PresetDecoder.trackProperties.contains(property) else {
            let hint = Suggest.nearest(property, in: PresetDecoder.trackProperties).map { "; did you mean \"\($0)\"?" } ?? ""
            problem(o["track"]!, path + ".track", "\"\(property)\" is not a track; use \(PresetDecoder.trackProperties.joined(separator: ", "))\(hint)")
            return nil
        }
        guard let kv = o["keyframes"], case .array(let items) = kv.kind, !items.isEmpty else {
            problem(o["keyframes"] ?? v, path + ".keyframes", "a track needs \"keyframes\": [{\"value\": …, \"duration\": …}, …]")
            return nil
        }
        var frames: [Preset.Keyframe] = []
        for (k, item) in items.enumerated() {
            let kp = "\(path).keyframes[\(k)]"
            guard case .object(let m) = item.kind else { problem(item, kp, "expected a keyframe object, found \(item.typeName)"); continue }
            let ko = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            for (key, value) in m where !["value", "duration", "curve"].contains(key) {
                let hint = Suggest.nearest(key, in: ["value", "duration", "curve"]).map { "; did you mean \"\($0)\"?" } ?? ""
                problem(value, "\(kp).\(key)", "unknown key \"\(key)\"\(hint)")
            }
            guard let value = ko["value"] else { problem(item, kp + ".value", "missing"); continue }
            guard let val = number(value, kp + ".value") else { continue }
            guard let dv = ko["duration"] else { problem(item, kp + ".duration", "missing; give seconds"); continue }
            guard let duration = number(dv, kp + ".duration", in: Limits.seconds) else { continue }
            var curve: Spelled<Keyframe.Interpolation> = "linear"
            if let cv = ko["curve"], let c = string(cv, kp + ".curve") {
                guard let s: Spelled<Keyframe.Interpolation> = spelled(cv, c, kp + ".curve") else { continue }
                curve = s
            }
            frames.append(Preset.Keyframe(value: val, duration: duration, curve: curve))
        }
        return frames.count == items.count ? .track(property: property, keyframes: frames) : nil
    }

    private mutating func variablePoints(_ v: JSONValue, _ path: String) -> Preset.TimelineEntry? {
        guard case .array(let items) = v.kind, !items.isEmpty else {
            problem(v, path, "expected [[time, value], …] pairs")
            return nil
        }
        var points: [[Double]] = []
        var last = -1.0
        for (k, item) in items.enumerated() {
            guard case .array(let pair) = item.kind, pair.count == 2,
                  case .number(let t) = pair[0].kind, case .number(let value) = pair[1].kind else {
                problem(item, "\(path)[\(k)]", "expected a [time, value] pair of numbers")
                return nil
            }
            guard t > last, t <= Limits.seconds.upperBound else {
                problem(item, "\(path)[\(k)]", "times must increase and stay within \(Limits.number(Limits.seconds.upperBound)) s")
                return nil
            }
            guard (0...1).contains(value) else { problem(pair[1], "\(path)[\(k)][1]", "a variable value is 0…1"); return nil }
            last = t
            points.append([t, value])
        }
        return .variableValuePoints(points)
    }

    mutating func output(_ v: JSONValue, _ path: String) -> Preset.Output? {
        guard case .object(let m) = v.kind else { problem(v, path, "expected an output object, found \(v.typeName)"); return nil }
        let allowed = PresetDecoder.keys["output"]!
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for (k, value) in m where !allowed.contains(k) {
            let hint = Suggest.nearest(k, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
            problem(value, "\(path).\(k)", "unknown key \"\(k)\" in this output\(hint)")
        }
        guard let fv = o["file"] else { problem(v, path + ".file", "missing; name the file to write"); return nil }
        guard let file = string(fv, path + ".file"), !file.isEmpty else { return nil }
        var out = Preset.Output(file: file)
        if let f = o["format"] {
            guard case .string(let s) = f.kind, let format = Preset.Output.Format(rawValue: s) else {
                let names = Preset.Output.Format.allCases.map(\.rawValue)
                problem(f, path + ".format", "expected one of \(names.joined(separator: ", "))")
                return nil
            }
            out.format = format
        }
        if out.resolvedFormat == nil {
            problem(fv, path + ".file", out.formatProblem!)
        }
        out.fps = o["fps"].flatMap { number($0, path + ".fps", in: Limits.fps) }
        out.width = o["width"].flatMap { integer($0, path + ".width", in: Limits.side) }
        out.height = o["height"].flatMap { integer($0, path + ".height", in: Limits.side) }
        if let cv = o["codec"], let codec = choice(cv, path + ".codec", Preset.Output.Codec.self) {
            if let format = out.resolvedFormat, let why = Preset.Output.codecProblem(codec, format: format) {
                problem(cv, path + ".codec", why)
            } else {
                out.codec = codec
            }
        }
        let qualities = Preset.Output.qualityRange(format: out.resolvedFormat)
        out.quality = o["quality"].flatMap { integer($0, path + ".quality", in: qualities) }
        if let l = o["loop"] {
            if case .bool(let b) = l.kind { out.loop = b ? 0 : 1 } else { out.loop = integer(l, path + ".loop", in: 0...65535) }
        }
        out.dither = o["dither"].flatMap { choiceOutput($0, path + ".dither") }
        out.maxColors = o["maxColors"].flatMap { integer($0, path + ".maxColors", in: 2...256) }
        if let ev = o["effort"], let effort = choice(ev, path + ".effort", Preset.Output.Effort.self) {
            if let format = out.resolvedFormat, format != .webp {
                problem(ev, path + ".effort", "\"effort\" applies to .webp outputs, not \(format.rawValue)")
            } else {
                out.effort = effort
            }
        }
        if let bv = o["maxBytes"] { out.maxBytes = maxBytes(bv, path + ".maxBytes", format: out.resolvedFormat) }
        if let tv = o["trigger"], let trigger = choice(tv, path + ".trigger", Preset.Output.Trigger.self) {
            if let format = out.resolvedFormat, format != .svg {
                problem(tv, path + ".trigger", "\"trigger\" applies to .svg outputs, not \(format.rawValue): a Lottie player starts the animation itself")
            } else {
                out.trigger = trigger
            }
        }
        if let rv = o["reducedMotion"], let carries = bool(rv, path + ".reducedMotion") {
            if let format = out.resolvedFormat, ![.svg, .lottie, .dotLottie].contains(format) {
                problem(rv, path + ".reducedMotion", "\"reducedMotion\" applies to .svg, Lottie and .lottie outputs, not \(format.rawValue): "
                        + "for frames, set \"reduceMotion\" in the style")
            } else {
                out.reducedMotion = carries
            }
        }
        return out
    }

    /// A size budget: a whole number of bytes, at least 1 (up to 2^53, where a JSON number
    /// stops being exact), on an output that writes something.
    private mutating func maxBytes(_ v: JSONValue, _ path: String, format: Preset.Output.Format?) -> Int? {
        guard let n = number(v, path) else { return nil }
        guard n == n.rounded(), n >= 1, n <= 9_007_199_254_740_992 else {
            problem(v, path, "expected a whole number of bytes, at least 1 (at most 2^53), found \(fmt(n))")
            return nil
        }
        if format == .null {
            problem(v, path, "a null output writes nothing, so it has no size to budget")
            return nil
        }
        return Int(n)
    }

    private mutating func choiceOutput(_ v: JSONValue, _ path: String) -> Preset.Output.Dither? {
        guard case .string(let s) = v.kind, let d = Preset.Output.Dither(rawValue: s) else {
            problem(v, path, "expected \"none\", \"ordered\" or \"floyd-steinberg\"")
            return nil
        }
        return d
    }

    /// A problem inside a string value: points at the character when the string has no escapes.
    private mutating func problem(inString v: JSONValue, _ text: String, _ p: ExpressionError, _ path: String) {
        var at = v
        if let offset = p.offset, !text.contains("\\"), !text.contains("\n") { at.column += 1 + offset }
        problem(at, path, p.message)
    }

}
