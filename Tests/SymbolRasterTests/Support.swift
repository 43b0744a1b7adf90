import SymbolGeometry
@testable import SymbolRaster

/// Collects spans into a coverage grid, for checking the rasterizer on its own.
struct GridSink: SpanSink {
    var width: Int
    var values: [UInt8]
    var rowsSeen = 0
    init(width: Int, height: Int) { self.width = width; values = [UInt8](repeating: 0, count: width * height) }
    mutating func row(_ y: Int, spans: UnsafeBufferPointer<Span>) {
        rowsSeen += 1
        var lastEnd = -1
        for s in spans {
            precondition(Int(s.x) > lastEnd - 1 && s.length > 0 && s.coverage > 0 && s.coverage <= 255)
            for x in Int(s.x)..<Int(s.x + s.length) { values[y * width + x] = UInt8(s.coverage) }
            lastEnd = Int(s.x + s.length)
        }
    }
}

enum Draw {
    static func polygon(_ pts: [(Double, Double)]) -> Path {
        var b = PathBuilder()
        b.move(to: Point(pts[0].0, pts[0].1))
        for p in pts.dropFirst() { b.line(to: Point(p.0, p.1)) }
        b.close()
        return b.path
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        var b = PathBuilder()
        b.rect(Rect(x: x, y: y, width: w, height: h))
        return b.path
    }

    static func coverage(_ path: Path, width: Int, height: Int, transform: Transform = .identity,
                         evenOdd: Bool = false) -> [UInt8] {
        let r = Rasterizer()
        r.reset(width: width, height: height)
        r.add(path, transform: transform)
        var sink = GridSink(width: width, height: height)
        r.sweep(evenOdd: evenOdd, into: &sink)
        return sink.values
    }

    static let black = RasterPaint.solid(PremultipliedColor(red: 0, green: 0, blue: 0))
    static func solid(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> RasterPaint {
        .solid(PremultipliedColor(red: r, green: g, blue: b, alpha: a))
    }
}
