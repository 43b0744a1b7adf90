import Testing
import SymbolGeometry
import SymbolTestSupport
@testable import SymbolRaster

/// The painter blurs only the drawn rectangle grown by the blur's reach; these tests hold it to
/// the plain definition: every box pass over every whole row, then over every whole column.
@Suite struct BlurBoundsTests {
    /// Blurs all of `b` the plain way: each box pass over every whole row, then every whole
    /// column, a copy after each (the kernels are held to their reference elsewhere).
    static func wholeBlur(_ b: Bitmap, radius: Double) -> [UInt8] {
        let boxes = BlurKernels.boxes(sigma: min(radius, Double(2 * max(b.width, b.height))) / 2)
        var px = b.pixels, out = px
        var sums = [UInt32](repeating: 0, count: b.width * 4)
        let w = b.width, h = b.height
        for (l, r) in boxes {
            px.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { d in
                    for y in 0..<h { BlurKernels.boxRow(s.baseAddress! + y * w * 4, d.baseAddress! + y * w * 4, w, left: l, right: r) }
                }
            }
            px = out
        }
        for (l, r) in boxes {
            px.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { d in
                    sums.withUnsafeMutableBufferPointer {
                        BlurKernels.boxColumns(s.baseAddress!, d.baseAddress!, rowBytes: w * 4, srcStride: w * 4, dstStride: w * 4,
                                               height: h, left: l, right: r, sums: $0.baseAddress!)
                    }
                }
            }
            px = out
        }
        return px
    }

    @Test(arguments: [
        (2.0, 30.0, 20.0),  // small even boxes (asymmetric reach), well inside
        (9.0, 2.0, 40.0),   // touching the left edge
        (17.0, 55.0, 1.0),  // odd boxes near the right and top edges
        (300.0, 25.0, 25.0),  // reach past the whole bitmap
    ])
    func boundedBlurEqualsWholeBitmapBlur(radius: Double, x: Double, y: Double) throws {
        let p = Painter()
        var b = try #require(Bitmap(width: 67, height: 53))
        // A shape drawn and cleared first leaves pending rows the blur must read as zero.
        p.fill(Draw.rect(0, 10, 67, 30), paint: Draw.solid(0, 1, 0), into: &b)
        b.clear()
        p.fill(Draw.polygon([(x, y), (x + 9.5, y + 3.25), (x + 2.75, y + 11)]), paint: Draw.solid(0.9, 0.3, 0.1, 0.8), into: &b)
        p.fill(Draw.rect(x + 1, y + 1, 3, 2), paint: Draw.solid(0.1, 0.2, 0.9), into: &b)
        let expected = Self.wholeBlur(b, radius: radius)
        p.blur(&b, radius: radius)
        let got = b.pixels
        let differing = (0..<got.count).filter { got[$0] != expected[$0] }
        #expect(differing.isEmpty, "\(differing.count) bytes differ, first at \(differing.first ?? -1)")
    }

    @Test func boxColumnsMatchReference() {
        var rng = SeededRandom(seed: 7)
        for (l, r) in [(1, 1), (2, 1), (1, 2), (5, 5)] {
            let rows = Int.random(in: 1...40, using: &rng), rowBytes = 12, srcStride = 20, dstStride = 16
            let src = (0..<(rows * srcStride)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var dst = [UInt8](repeating: 0, count: rows * dstStride)
            var sums = [UInt32](repeating: 0, count: rowBytes)
            src.withUnsafeBufferPointer { s in
                dst.withUnsafeMutableBufferPointer { d in
                    sums.withUnsafeMutableBufferPointer { BlurKernels.boxColumns(s.baseAddress!, d.baseAddress!, rowBytes: rowBytes,
                        srcStride: srcStride, dstStride: dstStride, height: rows, left: l, right: r, sums: $0.baseAddress!) }
                }
            }
            for i in 0..<rowBytes {
                let ref = BlurKernels.boxReference((0..<rows).map { src[$0 * srcStride + i] }, left: l, right: r)
                for y in 0..<rows { #expect(abs(Int(dst[y * dstStride + i]) - Int(ref[y])) <= 1, "column \(i) row \(y) box \(l),\(r)") }
            }
        }
    }
}
