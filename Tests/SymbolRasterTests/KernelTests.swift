import SymbolGeometry
@testable import SymbolRaster
import SymbolTestSupport
import Testing

/// Each kernel against its plain reference.
@Suite struct KernelTests {
    func randomPremultiplied(_ rng: inout SeededRandom) -> UInt32 {
        let a = UInt32.random(in: 0...255, using: &rng)
        let pick = { (rng: inout SeededRandom) in UInt32.random(in: 0...a, using: &rng) }
        if Bool.random(using: &rng) { return 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng) }
        return pick(&rng) | pick(&rng) << 8 | pick(&rng) << 16 | a << 24
    }

    @Test func scaleIsExactlyRounded() {
        for a in stride(from: UInt32(0), through: 255, by: 3) {
            for v in stride(from: UInt32(0), through: 255, by: 5) {
                let p = v | (255 - v) << 8 | (v / 2) << 16 | a << 24
                #expect(SpanKernels.scale(p, a) == SpanKernels.scaleReference(p, a))
            }
        }
    }

    @Test func spanKernelsMatchReferences() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let n = Int.random(in: 1...40, using: &rng)
            let dst = (0..<n).map { _ in randomPremultiplied(&rng) }
            let src = (0..<n).map { _ in randomPremultiplied(&rng) }
            let cov = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let color = randomPremultiplied(&rng)
            let c = UInt32(cov[0])

            var a = dst, ref = dst
            a.withUnsafeMutableBufferPointer { SpanKernels.solidOver($0.baseAddress!, n, color, c) }
            SpanKernels.solidOverReference(&ref, color, [UInt8](repeating: cov[0], count: n))
            #expect(a == ref)

            a = dst; ref = dst
            a.withUnsafeMutableBufferPointer { d in cov.withUnsafeBufferPointer { SpanKernels.solidOverMasked(d.baseAddress!, n, color, $0.baseAddress!) } }
            SpanKernels.solidOverReference(&ref, color, cov)
            #expect(a == ref)

            a = dst; ref = dst
            a.withUnsafeMutableBufferPointer { d in src.withUnsafeBufferPointer { SpanKernels.rowOver(d.baseAddress!, $0.baseAddress!, n, c) } }
            SpanKernels.rowOverReference(&ref, src, [UInt8](repeating: cov[0], count: n))
            #expect(a == ref)

            a = dst; ref = dst
            a.withUnsafeMutableBufferPointer { d in src.withUnsafeBufferPointer { s in cov.withUnsafeBufferPointer {
                SpanKernels.rowOverMasked(d.baseAddress!, s.baseAddress!, n, $0.baseAddress!) } } }
            SpanKernels.rowOverReference(&ref, src, cov)
            #expect(a == ref)

            a = dst; ref = dst
            a.withUnsafeMutableBufferPointer { SpanKernels.eraseConstant($0.baseAddress!, n, c) }
            SpanKernels.eraseReference(&ref, [UInt8](repeating: cov[0], count: n))
            #expect(a == ref)

            a = dst; ref = dst
            a.withUnsafeMutableBufferPointer { d in cov.withUnsafeBufferPointer { SpanKernels.eraseMasked(d.baseAddress!, n, $0.baseAddress!) } }
            SpanKernels.eraseReference(&ref, cov)
            #expect(a == ref)
        }
    }

    @Test(arguments: [0, 1, 2])
    func linearGradientRowMatchesReference(_ spread: Int) {
        let table = GradientTable(stops: [.init(offset: 0, red: 1, green: 0, blue: 0), .init(offset: 1, red: 0, green: 0, blue: 1, alpha: 0.5)])
        defer { table.deallocate() }
        var rng = SeededRandom(seed: UInt64(spread + 1))
        for _ in 0..<50 {
            let n = Int.random(in: 1...300, using: &rng)
            let t0 = Double.random(in: -3...3, using: &rng), dt = Double.random(in: -0.05...0.05, using: &rng)
            var out = [UInt32](repeating: 0, count: n)
            out.withUnsafeMutableBufferPointer { GradientKernels.linear($0.baseAddress!, n, t0: t0, dt: dt, spread: spread, table: table.colors) }
            let ref = GradientKernels.linearReference(n, t0: t0, dt: dt, spread: spread, table: table.colors)
            // The running sum may land one table entry away from the direct product.
            for i in 0..<n {
                #expect(channelDistance(out[i], ref[i]) <= 1)
            }
        }
    }

    func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let x = Int((a >> shift) & 255), y = Int((b >> shift) & 255)
            worst = max(worst, abs(x - y))
        }
        return worst
    }

    @Test func conicalOffsetsMatchGeometry() {
        // Focus at the centre: the offset is distance / radius.
        let plain = GradientKernels.Conical(px: 0, py: 0, dx: 1, dy: 0, cdx: 0, cdy: 0, fr: 0, dr: 50)
        #expect(abs(plain.offset(30, 40)! - 1) < 1e-12)
        #expect(abs(plain.offset(10, 0)! - 0.2) < 1e-12)
        // Focus 20 left of the centre: the point 50 right of the centre is on the end circle.
        let focal = GradientKernels.Conical(px: 0, py: 0, dx: 1, dy: 0, cdx: 20, cdy: 0, fr: 0, dr: 50)
        #expect(abs(focal.offset(70, 0)! - 1) < 1e-12)
        #expect(abs(focal.offset(0, 0)!) < 1e-12)
        // Focus outside the end circle: some points have no circle through them.
        let outside = GradientKernels.Conical(px: 0, py: 0, dx: 1, dy: 0, cdx: 100, cdy: 0, fr: 0, dr: 10)
        #expect(outside.offset(-50, 40) == nil)
    }

    @Test func boxBlurRowMatchesReference() {
        var rng = SeededRandom(seed: 99)
        for (l, r) in [(1, 1), (2, 1), (1, 2), (4, 4), (7, 6)] {
            let n = Int.random(in: 1...60, using: &rng)
            let src = (0..<(n * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var dst = [UInt8](repeating: 0, count: n * 4)
            src.withUnsafeBufferPointer { s in dst.withUnsafeMutableBufferPointer { BlurKernels.boxRow(s.baseAddress!, $0.baseAddress!, n, left: l, right: r) } }
            for c in 0..<4 {
                let line = stride(from: c, to: n * 4, by: 4).map { src[$0] }
                let ref = BlurKernels.boxReference(line, left: l, right: r)
                for x in 0..<n { #expect(abs(Int(dst[x * 4 + c]) - Int(ref[x])) <= 1) }
            }
        }
    }

    @Test func gaussianBoxSizesFollowSVG() {
        #expect(BlurKernels.boxes(sigma: 0.3).isEmpty)
        // σ = 2: d = ⌊3.76 + ½⌋ = 4 (even): two boxes of 4 offset half a pixel each way, one of 5.
        #expect(BlurKernels.boxes(sigma: 2).map { $0.0 + $0.1 + 1 } == [4, 4, 5])
        #expect(BlurKernels.boxes(sigma: 5).map { $0.0 + $0.1 + 1 } == [9, 9, 9])  // d = ⌊9.4 + ½⌋ = 9
    }
}
