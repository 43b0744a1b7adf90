import SymbolGeometry
import SymbolScene

/// `data-clipstroke-keyframes` (SF Symbols 7 exports) → `DrawKeyframes`.
///
/// Version 0: `0` then groups `flags t p0 p1`. Version 1: `1 n`, `n` offsets, then the groups;
/// when the offsets are increasing whole numbers below the group count they are read as the
/// first rib of each set, otherwise all ribs form one set (the meaning of version 1 offsets is
/// not documented; see docs/unsupported.md).
extension ReadContext {
    func drawKeyframes(of el: XMLElement) -> DrawKeyframes? {
        guard let a = el.attribute("data-clipstroke-keyframes") else { return nil }
        guard let numbers = SVGNumber.parseList(Substring(a.value)), let first = numbers.first else {
            warn("bad-draw-keyframes", "data-clipstroke-keyframes is not a list of numbers; draw data ignored", at: location(a))
            return nil
        }
        var rest = numbers.dropFirst()
        var offsets: [Double] = []
        let version = first == 0 ? 0 : first == 1 ? 1 : -1
        switch version {
        case 0:
            break
        case 1:
            guard let n = rest.first, n >= 0, n == n.rounded(), n <= Double(rest.count - 1) else {
                warn("bad-draw-keyframes", "data-clipstroke-keyframes version 1 needs a count and that many offsets", at: location(a))
                return nil
            }
            rest = rest.dropFirst()
            offsets = Array(rest.prefix(Int(n)))
            rest = rest.dropFirst(Int(n))
        default:
            warn("bad-draw-keyframes", "data-clipstroke-keyframes version \(first) is unknown (0 and 1 are understood); draw data ignored",
                 at: location(a))
            return nil
        }
        guard !rest.isEmpty, rest.count % 4 == 0 else {
            warn("bad-draw-keyframes", "data-clipstroke-keyframes must hold groups of four numbers (flags t p0 p1); draw data ignored",
                 at: location(a))
            return nil
        }
        let values = Array(rest)
        var ribs: [DrawRib] = []
        for k in stride(from: 0, to: values.count, by: 4) {
            let (flags, t, p0, p1) = (values[k], values[k + 1], values[k + 2], values[k + 3])
            guard p0 >= 0, p1 >= 0, t.isFinite, p0 < 1e6, p1 < 1e6 else {
                warn("bad-draw-keyframes", "rib \(k / 4) has an invalid position; draw data ignored", at: location(a))
                return nil
            }
            ribs.append(DrawRib(flags: abs(flags) < 1e9 ? Int(flags) : 0, t: min(max(t, 0), 1),
                                start: OutlinePosition(encoded: p0), end: OutlinePosition(encoded: p1)))
        }
        // The file counts a subpath at every move, a move that draws nothing included; the
        // path we keep drops a move followed straight by another, so later positions shift down.
        let lone = el.name == "path" ? ReadContext.loneMoves(in: el["d"] ?? "") : []
        if !lone.isEmpty {
            func kept(_ p: OutlinePosition) -> OutlinePosition {
                OutlinePosition(subpath: p.subpath - lone.filter { $0 < p.subpath }.count, fraction: p.fraction)
            }
            ribs = ribs.map { DrawRib(flags: $0.flags, t: $0.t, start: kept($0.start), end: kept($0.end)) }
        }
        var sets: [[DrawRib]] = [ribs]
        if !offsets.isEmpty, offsets.allSatisfy({ $0 == $0.rounded() && $0 >= 0 && $0 < Double(ribs.count) }) {
            let starts = offsets.map { Int($0) }
            if starts == starts.sorted(), Set(starts).count == starts.count, starts.first == 0 {
                sets = zip(starts, Array(starts.dropFirst()) + [ribs.count]).map { Array(ribs[$0..<$1]) }
            }
        }
        return DrawKeyframes(version: version, offsets: offsets, sets: sets)
    }
}

/// `data-draw-guides` (SymbolReel's own attribute, docs/draw-guides.md) → `DrawGuides`:
/// strokes separated by `;`, each a list of `kind x y` in the element's user space, kinds
/// `start`, `point`, `corner`, `end`, `bidirectional`, `ring`; or `attach x y` alone, which makes
/// the element an attachment. Commas count as spaces.
extension ReadContext {
    func drawGuides(of el: XMLElement) -> DrawGuides? {
        guard let a = el.attribute("data-draw-guides") else { return nil }
        var strokes: [DrawGuides.Stroke] = []
        var attachment: Point?
        for (n, text) in a.value.split(separator: ";", omittingEmptySubsequences: true).enumerated() {
            let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            guard !words.isEmpty else { continue }
            if words[0] == "attach" {
                guard words.count == 3, let x = Double(words[1]), let y = Double(words[2]), x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else {
                    warn("bad-draw-guides", "data-draw-guides stroke \(n + 1): 'attach' needs exactly two numbers x y; guides ignored",
                         at: location(a))
                    return nil
                }
                attachment = Point(x, y)
                continue
            }
            var points: [DrawGuides.GuidePoint] = []
            var i = 0
            while i < words.count {
                guard let kind = DrawGuides.Kind(rawValue: String(words[i])) else {
                    warn("bad-draw-guides", "data-draw-guides stroke \(n + 1): '\(words[i])' is not a guide kind (start, point, corner, end, bidirectional, ring, attach); guides ignored",
                         at: location(a))
                    return nil
                }
                guard i + 2 < words.count, let x = Double(words[i + 1]), let y = Double(words[i + 2]), x.isFinite, y.isFinite,
                      abs(x) < 1e7, abs(y) < 1e7 else {
                    warn("bad-draw-guides", "data-draw-guides stroke \(n + 1): '\(kind.rawValue)' needs two numbers x y; guides ignored",
                         at: location(a))
                    return nil
                }
                points.append(.init(kind, Point(x, y)))
                i += 3
            }
            guard points.count >= 2 else {
                warn("bad-draw-guides", "data-draw-guides stroke \(n + 1) needs at least two points; guides ignored", at: location(a))
                return nil
            }
            strokes.append(DrawGuides.Stroke(points: points))
        }
        return strokes.isEmpty && attachment == nil ? nil : DrawGuides(strokes: strokes, attachment: attachment)
    }
}

extension ReadContext {
    /// The subpath numbers (counted at every move, from 0) of the moves in path data `d` that
    /// are followed straight by another move: they draw nothing, and the path we build keeps only
    /// the last of such a run (`PathBuilder.move`), while Draw keyframes count each of them.
    static func loneMoves(in d: String) -> [Int] {
        var commands: [(letter: Character, numbers: Int)] = []
        var i = d.startIndex
        while i < d.endIndex {
            let c = d[i]
            if c.isLetter, c != "e", c != "E" {
                commands.append((c, 0))
                i = d.index(after: i)
            } else if c.isNumber || c == "." || c == "-" || c == "+" {
                // One number: sign, digits, one point, exponent (".5.5" is two numbers).
                var j = d.index(after: i), point = c == ".", exponent = false
                while j < d.endIndex {
                    let x = d[j]
                    if x.isNumber { j = d.index(after: j); continue }
                    if x == ".", !point, !exponent { point = true; j = d.index(after: j); continue }
                    if (x == "e" || x == "E"), !exponent {
                        exponent = true; j = d.index(after: j)
                        if j < d.endIndex, d[j] == "-" || d[j] == "+" { j = d.index(after: j) }
                        continue
                    }
                    break
                }
                if !commands.isEmpty { commands[commands.count - 1].numbers += 1 }
                i = j
            } else {
                i = d.index(after: i)
            }
        }
        var out: [Int] = []
        var subpath = -1
        for (k, command) in commands.enumerated() where command.letter == "M" || command.letter == "m" {
            subpath += 1
            let next = k + 1 < commands.count ? commands[k + 1].letter : nil
            if command.numbers <= 2, next == "M" || next == "m" { out.append(subpath) }
        }
        return out
    }
}
