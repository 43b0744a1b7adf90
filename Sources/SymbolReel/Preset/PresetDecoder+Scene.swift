import SymbolCompose
import SymbolGeometry
import SymbolRender
import SymbolTimeline

/// Scene presets: `items` (one scene) or `scenes` (docs/scenes.md).
extension PresetDecoder {
    mutating func scenePreset(_ v: JSONValue, _ o: [String: JSONValue], name: String?, canvas: Preset.Canvas) -> Preset? {
        for key in ["symbol", "style", "timeline"] where o[key] != nil {
            problem(o[key]!, "$.\(key)", "a scene preset has no top-level \"\(key)\"; give each symbol item its own")
        }
        var scenes: [Preset.Scene] = []
        let source: Preset.SceneSource
        if o["items"] != nil, let list = o["scenes"] {
            problem(list, "$.scenes", "give either \"items\" (one scene) or \"scenes\", not both")
            return nil
        } else if let items = o["items"] {
            source = Preset.SceneSource(key: "items", value: items)
            scenes = [Preset.Scene(duration: nil, background: nil, transition: nil, items: self.items(items, "$.items"), path: "$.items")]
            if canvas.duration == nil {
                problem(o["canvas"] ?? v, "$.canvas.duration", "missing; a scene needs a duration in seconds")
            }
        } else if let list = o["scenes"] {
            source = Preset.SceneSource(key: "scenes", value: list)
            guard case .array(let values) = list.kind, !values.isEmpty else {
                problem(list, "$.scenes", "expected an array of one or more scenes, found \(list.typeName)")
                return nil
            }
            if values.count > Limits.scenes { problem(list, "$.scenes", "\(values.count) scenes; the limit is \(Limits.scenes)") }
            scenes = values.prefix(Limits.scenes).enumerated().compactMap { scene($0.element, "$.scenes[\($0.offset)]") }
        } else {
            return nil
        }
        var leaves = 0
        for s in scenes { leaves += s.items.reduce(0) { $0 + $1.leafCount } }
        if leaves > Limits.items {
            problem(v, "$", "\(leaves) items to draw; the limit is \(Limits.items)")
        }
        let total = scenes.reduce(0) { $0 + ($1.duration ?? canvas.duration ?? 0) }
        if total * canvas.fps > Double(Limits.frames) {
            problem(v, "$", "the clip would have \(Int(total * canvas.fps)) frames; the limit is \(Limits.frames)")
        }
        let outputs = self.outputs(o["outputs"])
        return Preset(name: name, canvas: canvas, scenes: scenes, source: source, outputs: outputs)
    }

    private mutating func scene(_ v: JSONValue, _ path: String) -> Preset.Scene? {
        guard let m = members(v, path, allowed: PresetDecoder.keys["scene"]!) else { return nil }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        var duration: Double?
        if let dv = o["duration"], let d = number(dv, path + ".duration") {
            if d > 0 && d <= Limits.seconds.upperBound { duration = d } else {
                problem(dv, path + ".duration", "must be more than 0 and at most \(Limits.number(Limits.seconds.upperBound)) seconds")
            }
        } else if o["duration"] == nil {
            problem(v, path + ".duration", "missing; give the scene's length in seconds")
        }
        let background = o["background"].flatMap { self.background($0, path + ".background") }
        let transition = o["transition"].flatMap { self.transition($0, path + ".transition") }
        guard let itemsValue = o["items"] else {
            problem(v, path + ".items", "missing; a scene needs \"items\"")
            return nil
        }
        return Preset.Scene(duration: duration, background: background, transition: transition,
                            items: items(itemsValue, path + ".items"), path: path + ".items")
    }

    private mutating func transition(_ v: JSONValue, _ path: String) -> Preset.Transition? {
        let names = ["cut", "crossfade"] + SceneTransition.Edge.allCases.map { "push.\($0.rawValue)" }
        func kind(_ s: String, _ at: JSONValue, _ p: String) -> SceneTransition.Kind? {
            if s == "cut" { return .cut }
            if s == "crossfade" { return .crossfade }
            if s.hasPrefix("push."), let e = SceneTransition.Edge(rawValue: String(s.dropFirst(5))) { return .push(e) }
            let hint = Suggest.nearest(s, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
            problem(at, p, "\"\(s)\" is not one of \(names.joined(separator: ", "))\(hint)")
            return nil
        }
        if case .string(let s) = v.kind { return kind(s, v, path).map { Preset.Transition(kind: $0, duration: nil, curve: nil) } }
        guard let m = members(v, path, allowed: PresetDecoder.keys["transition"]!) else { return nil }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard let tv = o["type"], let t = string(tv, path + ".type") else {
            if o["type"] == nil { problem(v, path + ".type", "missing; write one of \(names.joined(separator: ", "))") }
            return nil
        }
        let duration = number(o["duration"], path + ".duration", in: 0...10)
        var curve: Spelled<SymbolTimeline.Keyframe.Interpolation>?
        if let cv = o["curve"], let text = string(cv, path + ".curve") { curve = spelled(cv, text, path + ".curve") }
        return kind(t, tv, path + ".type").map { Preset.Transition(kind: $0, duration: duration, curve: curve) }
    }

    mutating func items(_ v: JSONValue, _ path: String, depth: Int = 0) -> [Preset.Item] {
        guard case .array(let values) = v.kind else {
            problem(v, path, "expected an array of items, found \(v.typeName)")
            return []
        }
        if values.isEmpty { problem(v, path, "is empty; give at least one item") }
        return values.enumerated().compactMap { item($0.element, "\(path)[\($0.offset)]", depth: depth) }
    }

    private mutating func item(_ v: JSONValue, _ path: String, depth: Int) -> Preset.Item? {
        guard let m = members(v, path, allowed: PresetDecoder.keys["item"]!) else { return nil }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        let kinds = ["text", "symbol", "label", "vstack", "hstack"].filter { o[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let body = o[kind] else {
            problem(v, path, kinds.isEmpty ? "an item needs one of \"text\", \"symbol\", \"label\", \"vstack\" or \"hstack\""
                                           : "an item is one thing; it has \(kinds.map { "\"\($0)\"" }.joined(separator: " and "))")
            return nil
        }
        let content: Preset.Item.Content
        switch kind {
        case "text":
            guard let t = text(body, "\(path).text") else { return nil }
            content = .text(t)
        case "symbol":
            guard let s = symbol(body, "\(path).symbol") else { return nil }
            content = .symbol(s)
        case "label":
            guard let lm = members(body, "\(path).label", allowed: PresetDecoder.keys["label"]!) else { return nil }
            let lo = Dictionary(lm.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
            guard let sv = lo["symbol"], let tv = lo["text"] else {
                problem(body, "\(path).label", "a label needs \"symbol\": {\"source\": …} and \"text\"")
                return nil
            }
            guard let s = symbol(sv, "\(path).label.symbol"), let t = text(tv, "\(path).label.text") else { return nil }
            content = .label(s, t)
        default:
            guard depth < Limits.nesting else {
                problem(body, "\(path).\(kind)", "stacks nest \(Limits.nesting) deep at most")
                return nil
            }
            content = .stack(vertical: kind == "vstack", items(body, "\(path).\(kind)", depth: depth + 1))
        }
        var item = Preset.Item(content: content, path: path)
        if let pv = o["position"] { item.position = point(pv, "\(path).position") }
        if let fv = o["font"] { item.font = font(fv, "\(path).font") }
        item.color = color(o["color"], "\(path).color")
        if let sv = o["style"] { item.style = style(sv, "\(path).style") }
        if let tv = o["timeline"] { item.timeline = timelineEntries(tv, "\(path).timeline") }
        if let ev = o["enter"] { item.enter = motion(ev, "\(path).enter") }
        if let xv = o["exit"] { item.exit = motion(xv, "\(path).exit") }
        item.width = number(o["width"], "\(path).width", in: 1...Double(Limits.side.upperBound))
        item.alignment = choice(o["alignment"], "\(path).alignment", StackBlock.Alignment.self)
        item.spacing = number(o["spacing"], "\(path).spacing", in: 0...Double(Limits.side.upperBound))
        switch content {
        case .symbol, .label: break
        default:
            if let sv = o["style"] { problem(sv, "\(path).style", "only a symbol or a label has a style; give the colour of a text with \"color\"") }
            if let tv = o["timeline"] { problem(tv, "\(path).timeline", "only a symbol or a label has a timeline; move it to the symbol") }
        }
        return item
    }

    private mutating func text(_ v: JSONValue, _ path: String) -> String? {
        guard let t = string(v, path) else { return nil }
        if t.isEmpty { problem(v, path, "is empty; write the text") ; return nil }
        if t.count > Limits.textLength {
            problem(v, path, "\(t.count) characters; a text holds \(Limits.textLength) at most")
            return nil
        }
        return t
    }

    private mutating func point(_ v: JSONValue, _ path: String) -> Point? {
        guard case .array(let xy) = v.kind, xy.count == 2,
              let x = number(xy[0], path + "[0]", in: -100_000...100_000), let y = number(xy[1], path + "[1]", in: -100_000...100_000) else {
            if case .array(let xy) = v.kind, xy.count == 2 { return nil }
            problem(v, path, "expected [x, y] in canvas pixels")
            return nil
        }
        return Point(x, y)
    }

    private mutating func font(_ v: JSONValue, _ path: String) -> Preset.Font? {
        guard let m = members(v, path, allowed: PresetDecoder.keys["font"]!) else { return nil }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        var f = Preset.Font()
        f.family = string(o["family"], path + ".family")
        if let fv = o["file"], let file = string(fv, path + ".file") {
            if file.isEmpty { problem(fv, path + ".file", "is empty; name a TTF, OTF or TTC file") }
            else { f.file = file; fileReferences.append((file, fv, path + ".file")) }
        }
        if f.family != nil, let fv = o["file"] { problem(fv, path + ".file", "give a font's \"family\" or its \"file\", not both") }
        if let iv = o["index"], let i = integer(iv, path + ".index", in: 0...255) {
            if f.file == nil { problem(iv, path + ".index", "an index picks a face of a font collection \"file\" (.ttc); give the file") }
            f.index = i
        }
        f.size = number(o["size"], path + ".size", in: Limits.fontSize)
        if let wv = o["weight"] {
            if case .number = wv.kind, let n = integer(wv, path + ".weight", in: 100...900) { f.weight = SymbolWeight(fontWeight: n) }
            else if case .string = wv.kind { f.weight = choice(wv, path + ".weight", SymbolWeight.self) }
            else if case .number = wv.kind {} else { problem(wv, path + ".weight", "expected a weight name such as \"bold\" or a number 100…900") }
        }
        f.lineHeight = number(o["lineHeight"], path + ".lineHeight", in: 0.5...4)
        return f
    }

    private mutating func motion(_ v: JSONValue, _ path: String) -> Preset.Motion? {
        guard let m = members(v, path, allowed: PresetDecoder.keys["motion"]!) else { return nil }
        let o = Dictionary(m.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        let at = time(o["at"], path + ".at", parent: v, required: true)
        guard let tv = o["transition"] else {
            problem(v, path + ".transition", "missing; write one of \(MotionKind.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        let kind = choice(tv, path + ".transition", MotionKind.self)
        let duration = number(o["duration"], path + ".duration", in: 0...60)
        var curve: Spelled<SymbolTimeline.Keyframe.Interpolation>?
        if let cv = o["curve"], let text = string(cv, path + ".curve") { curve = spelled(cv, text, path + ".curve") }
        let stagger = number(o["stagger"], path + ".stagger", in: 0...60)
        let unit = choice(o["by"], path + ".by", TextUnit.self)
        guard let at, let kind else { return nil }
        return Preset.Motion(at: at, kind: kind, duration: duration, curve: curve, stagger: stagger, unit: unit)
    }

    mutating func timelineEntries(_ t: JSONValue, _ path: String) -> [Preset.TimelineEntry] {
        guard case .array(let items) = t.kind else {
            problem(t, path, "expected an array of events, found \(t.typeName)")
            return []
        }
        return items.enumerated().compactMap { entry($0.element, "\(path)[\($0.offset)]") }
    }
}

extension Preset.Item {
    /// How many things it draws (a label two, a stack its children's).
    var leafCount: Int {
        switch content {
        case .text, .symbol: 1
        case .label: 2
        case .stack(_, let items): items.reduce(0) { $0 + $1.leafCount }
        }
    }
}
