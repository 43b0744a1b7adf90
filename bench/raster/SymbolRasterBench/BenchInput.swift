import SymbolGeometry
import SymbolRaster

/// One benchmark input: the paths of a symbol, each with a fill colour, and its viewBox.
struct BenchInput {
    var name: String
    var viewBox: Rect
    var paths: [(Path, PremultipliedColor)]

    /// Reads `MINX MINY W H<TAB>#RRGGBB<TAB>PATHDATA` lines (see bench/raster/make_paths.py).
    init(name: String, text: String) throws {
        self.name = name
        viewBox = Rect(x: 0, y: 0, width: 100, height: 100)
        paths = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.split(separator: "\t", maxSplits: 2)
            guard fields.count == 3 else { throw BenchError("\(name): expected 3 tab-separated fields") }
            let box = fields[0].split(separator: " ").compactMap { Double($0) }
            guard box.count == 4 else { throw BenchError("\(name): bad viewBox '\(fields[0])'") }
            viewBox = Rect(x: box[0], y: box[1], width: box[2], height: box[3])
            let hex = fields[1].dropFirst()
            guard hex.count == 6, let v = UInt32(hex, radix: 16) else { throw BenchError("\(name): bad colour") }
            let color = PremultipliedColor(red: Double(v >> 16 & 255) / 255, green: Double(v >> 8 & 255) / 255,
                                           blue: Double(v & 255) / 255)
            paths.append((try BenchInput.parsePathData(String(fields[2])), color))
        }
    }

    /// Absolute SVG path data with M, L, H, V, C, Q and Z (what make_paths.py writes).
    static func parsePathData(_ d: String) throws -> Path {
        var tokens: [Substring] = []
        var current = ""
        for ch in d {
            if ch.isLetter {
                if !current.isEmpty { tokens.append(Substring(current)); current = "" }
                tokens.append(Substring(String(ch)))
            } else if ch == " " || ch == "," {
                if !current.isEmpty { tokens.append(Substring(current)); current = "" }
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { tokens.append(Substring(current)) }
        var b = PathBuilder()
        var i = 0
        var command: Character = "M"
        func number() throws -> Double {
            guard i < tokens.count, let v = Double(tokens[i]) else { throw BenchError("bad path data near token \(i)") }
            i += 1
            return v
        }
        func point() throws -> Point { Point(try number(), try number()) }
        while i < tokens.count {
            if let c = tokens[i].first, c.isLetter { command = c; i += 1 }
            switch command {
            case "M": b.move(to: try point()); command = "L"
            case "L": b.line(to: try point())
            case "H": b.line(to: Point(try number(), b.current.y))
            case "V": b.line(to: Point(b.current.x, try number()))
            case "C":
                let c1 = try point(), c2 = try point(), p = try point()
                b.cubic(to: p, control1: c1, control2: c2)
            case "Q":
                let c = try point(), p = try point()
                b.quad(to: p, control: c)
            case "Z", "z": b.close()
            default: throw BenchError("unsupported path command \(command)")
            }
        }
        return b.path
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
