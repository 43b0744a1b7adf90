import SymbolEncode
@testable import SymbolEncodeGIF
import SymbolEncodePNG
import Testing

/// Each kernel against its plain reference implementation (STYLE rule 7).
@Suite struct KernelTests {
    /// A deterministic generator, so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    /// Symbol-like pixels: runs of a few flat colours, some transparent, some random.
    static func pixels(_ count: Int, seed: UInt64, colours: Int = 6) -> [UInt32] {
        var random = Random(state: seed)
        let flat = (0..<colours).map { _ in UInt32(random.next() & 0xFF_FFFF) | 0xFF00_0000 }
        var out: [UInt32] = []
        while out.count < count {
            let run = 1 + random.below(12)
            let kind = random.below(10)
            let value: UInt32 = kind == 0 ? 0 : (kind == 1 ? UInt32(random.next() & 0xFF_FFFF) | 0xFF00_0000 : flat[random.below(colours)])
            out += [UInt32](repeating: value, count: min(run, count - out.count))
        }
        return out
    }

    @Test func unpremultiplyAndOverMatchTheFormulasForEveryPair() {
        var src = [UInt8](), straight = [UInt8](), expected = [UInt8]()
        for a in 0..<256 {
            for c in 0...a {
                src += [UInt8(c), UInt8(c), UInt8(c), UInt8(a)]
                let s = referenceUnpremultiply(UInt8(c), UInt8(a))
                expected += a == 0 ? [0, 0, 0, 0] : [s, s, s, UInt8(a)]
            }
        }
        straight = [UInt8](repeating: 0, count: src.count)
        unpremultiplyRow(src, &straight, count: src.count / 4)
        #expect(straight == expected)
        for bg in [RGBColor.white, .black, RGBColor(r: 242, g: 17, b: 128)] {
            var over = [UInt8](repeating: 0, count: src.count)
            compositeOverRow(src, &over, count: src.count / 4, background: bg)
            var reference = [UInt8]()
            for i in stride(from: 0, to: src.count, by: 4) {
                reference += [referenceOver(src[i], src[i + 3], bg.r), referenceOver(src[i], src[i + 3], bg.g),
                              referenceOver(src[i], src[i + 3], bg.b), 255]
            }
            #expect(over == reference)
            var matted = [UInt32](repeating: 1, count: src.count / 4)
            for keep in [false, true] {
                matteRow(src, &matted, count: src.count / 4, matte: bg, keepTransparent: keep)
                let matteReference = stride(from: 0, to: src.count, by: 4).map {
                    referenceMatte(src[$0], src[$0], src[$0], src[$0 + 3], matte: bg, keepTransparent: keep)
                }
                #expect(matted == matteReference)
            }
        }
        // divideBy255 is round(x / 255) on the whole range the kernels use.
        #expect((0...(255 * 255)).allSatisfy { divideBy255($0) == Int((Double($0) / 255).rounded()) })
    }

    @Test(arguments: [1, 2, 3]) func frameDifferenceKernelsMatchReferences(seed: UInt64) {
        var random = Random(state: seed)
        let (w, h) = (37, 23)
        let a = KernelTests.pixels(w * h, seed: seed)
        for _ in 0..<20 {
            var b = a
            for _ in 0..<random.below(4) { b[random.below(w * h)] = UInt32(random.next() & 0xFFFF_FFFF) }
            let fast = a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { differenceBounds(pa, $0, width: w, height: h) } }
            #expect(fast == referenceDifferenceBounds(a, b, width: w, height: h))
            let clear = b.withUnsafeBufferPointer { pb in a.withUnsafeBufferPointer { clearBounds(next: pb, current: $0, width: w, height: h) } }
            #expect(clear == referenceClearBounds(next: b, current: a, width: w, height: h))
            let rect = PixelRect(x: random.below(w / 2), y: random.below(h / 2), width: 1 + random.below(w / 2), height: 1 + random.below(h / 2))
            let over = b.withUnsafeBufferPointer { pb in
                a.withUnsafeBufferPointer { overBlendUnchangedCount(frame: pb, canvas: $0, width: w, rect: rect) }
            }
            #expect(over == referenceOverBlendUnchangedCount(frame: b, canvas: a, width: w, rect: rect))
            for useCanvas in [false, true] {
                var out = [UInt32](repeating: 7, count: rect.area)
                b.withUnsafeBufferPointer { pb in
                    a.withUnsafeBufferPointer { pa in
                        out.withUnsafeMutableBufferPointer { extractRect(frame: pb, canvas: useCanvas ? pa : nil, width: w, rect: rect, into: $0) }
                    }
                }
                #expect(out == referenceExtractRect(frame: b, canvas: useCanvas ? a : nil, width: w, rect: rect))
            }
            let indices = b.map { UInt8(truncatingIfNeeded: $0 >> 3) }
            for way in UnchangedPixels.allCases {
                var out = [UInt8](repeating: 0, count: rect.area)
                indices.withUnsafeBufferPointer { i in
                    b.withUnsafeBufferPointer { d in
                        a.withUnsafeBufferPointer { c in
                            out.withUnsafeMutableBufferPointer {
                                extractIndices(indices: i, display: d, canvas: c, width: w, rect: rect, unchanged: way, transparent: 9, into: $0)
                            }
                        }
                    }
                }
                #expect(out == referenceExtractIndices(indices: indices, display: b, canvas: a, width: w, rect: rect, unchanged: way, transparent: 9))
            }
        }
    }

    @Test func histogramAndExactIndexMatchDictionaries() {
        let pixels = KernelTests.pixels(5000, seed: 9, colours: 40)
        var histogram = ColorHistogram()
        pixels.withUnsafeBufferPointer { histogram.add($0) }
        var counts: [UInt32: Int] = [:]
        for p in pixels where p != 0 { counts[p, default: 0] += 1 }
        #expect(histogram.entries().map(\.colour) == counts.keys.sorted())
        #expect(histogram.entries().allSatisfy { counts[$0.colour] == $0.count })
        #expect(histogram.total == pixels.filter { $0 != 0 }.count)
        let palette = Array(counts.keys.sorted().prefix(200)) + [0]
        let exact = ColorIndexTable(palette)
        for p in Set(pixels) {
            let expected = p == 0 ? palette.count - 1 : palette.firstIndex(of: p)
            #expect(exact.index(of: p).map(Int.init) == expected)
        }
    }

    @Test func nearestSearchMatchesBruteForce() {
        var random = Random(state: 5)
        let palette = (0..<255).map { _ in UInt32(random.next() & 0xFF_FFFF) | 0xFF00_0000 } + [0]
        var search = NearestColorSearch(palette: palette)
        for _ in 0..<3000 {
            let q = UInt32(random.next() & 0xFF_FFFF) | 0xFF00_0000
            #expect(search.index(of: q) == referenceNearestIndex(q, palette: palette))
        }
        // Ties go to the lower index.
        let twins: [UInt32] = [0xFF00_0000, 0xFF80_8080, 0xFF80_8080, 0xFFFF_FFFF]
        var twinSearch = NearestColorSearch(palette: twins)
        #expect(twinSearch.index(of: 0xFF7F_8080) == 1)
    }

    @Test(arguments: [MappingMethod.exact, .nearest, .ordered, .floydSteinberg])
    func pixelMappingMatchesReferences(method: MappingMethod) {
        let (w, h) = (41, 29)
        var random = Random(state: 77)
        // A gradient with flat patches and holes, and a palette that lacks most of it.
        var source = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let r = UInt32(x * 6), g = UInt32(y * 8), b = UInt32((x + y) * 3)
                source[y * w + x] = (x + y) % 13 == 0 ? 0 : (x < 8 ? 0xFF33_6699 : r | g << 8 | b << 16 | 0xFF00_0000)
            }
        }
        var palette = (0..<40).map { _ in UInt32(random.next() & 0xFF_FFFF) | 0xFF00_0000 } + [0xFF33_6699]
        palette.append(0)
        let transparent = palette.count - 1
        for withKeep in [false, true] {
            let keep: [UInt8] = (0..<w * h).map { _ in withKeep && random.below(3) == 0 ? 1 : 0 }
            let before = (0..<w * h).map { UInt8($0 % 7) }
            var indices = before, display = before.map { palette[Int($0)] }
            var lookup = PaletteLookup(colours: palette, transparentIndex: transparent)
            source.withUnsafeBufferPointer { src in
                keep.withUnsafeBufferPointer { k in
                    indices.withUnsafeMutableBufferPointer { i in
                        display.withUnsafeMutableBufferPointer { d in
                            mapPixels(source: src, width: w, height: h, lookup: &lookup, method: method, keep: withKeep ? k : nil, indices: i, display: d)
                        }
                    }
                }
            }
            var expected = before, expectedDisplay = before.map { palette[Int($0)] }
            if method == .floydSteinberg {
                referenceFloydSteinberg(source: source, width: w, height: h, palette: palette, transparentIndex: transparent,
                                        keep: withKeep ? keep : nil, indices: &expected, display: &expectedDisplay)
            } else {
                for i in 0..<w * h where keep[i] == 0 {
                    expected[i] = referenceMapPixel(source[i], x: i % w, y: i / w, palette: palette, transparentIndex: transparent, method: method)
                    expectedDisplay[i] = palette[Int(expected[i])]
                }
            }
            #expect(indices == expected, "\(method) keep \(withKeep)")
            #expect(display == expectedDisplay)
            // Flat colours the palette holds are never dithered.
            #expect((0..<w * h).allSatisfy { keep[$0] == 1 || source[$0] != 0xFF33_6699 || display[$0] == 0xFF33_6699 })
        }
    }

    @Test func flexibleIndexChoiceMatchesReference() {
        for seed in [4, 5] as [UInt64] {
            var random = Random(state: seed)
            let own = KernelTests.pixels(30000, seed: seed, colours: 9).map { UInt8(truncatingIfNeeded: $0 % 37) }
            let free: [UInt8] = own.indices.map { _ in random.below(3) == 0 ? 0 : 1 }
            var out = [UInt8](repeating: 0, count: own.count)
            let size = own.withUnsafeBufferPointer { o in
                free.withUnsafeBufferPointer { f in
                    out.withUnsafeMutableBufferPointer { lzwFlexibleIndices(own: o, free: f, transparent: 40, minCodeSize: 6, into: $0) }
                }
            }
            let reference = referenceLZWFlexibleIndices(own: own, free: free, transparent: 40, minCodeSize: 6)
            #expect(out == reference.0 && size == reference.1)
            // Only free pixels change, and only to the transparent index.
            #expect(own.indices.allSatisfy { out[$0] == own[$0] || (free[$0] == 1 && out[$0] == 40) })
        }
    }

    @Test(arguments: LZWTablePolicy.allCases) func lzwEncoderMatchesReference(policy: LZWTablePolicy) {
        for (seed, count, colours) in [(1, 60000, 30), (2, 300, 3), (3, 1, 1), (4, 20000, 200)] as [(UInt64, Int, Int)] {
            let indices = KernelTests.pixels(count, seed: seed, colours: colours).map { UInt8(truncatingIfNeeded: $0 % 251) }
            for codeSize in [2, 8] where codeSize == 8 || indices.allSatisfy({ $0 < 4 }) {
                let fast = indices.withUnsafeBufferPointer { lzwEncode($0, minCodeSize: codeSize, policy: policy) }
                #expect(fast == referenceLZWEncode(indices, minCodeSize: codeSize, policy: policy), "seed \(seed) \(policy)")
            }
        }
        let tiny: [UInt8] = [0, 1, 0, 1, 0, 1, 2, 2, 2, 2, 2, 3, 3, 3, 0]
        #expect(tiny.withUnsafeBufferPointer { lzwEncode($0, minCodeSize: 2, policy: policy) } == referenceLZWEncode(tiny, minCodeSize: 2, policy: policy))
    }

    @Test func quantizerKeepsDominantColoursExact() {
        var histogram: [(colour: UInt32, count: Int)] = [(0xFF11_2233, 50000), (0xFFF0_F0F0, 80000)]
        var random = Random(state: 3)
        var seen = Set<UInt32>(histogram.map(\.colour))
        while histogram.count < 3000 {
            let c = UInt32(random.next() & 0xFF_FFFF) | 0xFF00_0000
            if seen.insert(c).inserted { histogram.append((c, 1 + random.below(20))) }
        }
        histogram.sort { $0.colour < $1.colour }
        let palette = ColorQuantizer.palette(for: histogram, count: 64, seed: nil)
        #expect(palette.count <= 64 && palette.count > 48)
        #expect(palette.contains(0xFF11_2233) && palette.contains(0xFFF0_F0F0))
        var search = NearestColorSearch(palette: palette)
        let error = ColorQuantizer.meanError(of: histogram, search: &search, palette: palette)
        // Random colours spread over the cube: 62 free entries leave an RMS error of about 0.05
        // in OKLab; pinned colours count as 0.
        #expect(error < 0.003, "mean squared OKLab error \(error)")
        // Seeding with the result again changes little: every new entry is close to an old one.
        let again = ColorQuantizer.palette(for: histogram, count: 64, seed: palette)
        let old = palette.map(OKLab.from)
        let moves = again.map { c in old.map { OKLab.from(c).distanceSquared($0) }.min()!.squareRoot() }
        #expect(moves.filter { $0 > 0.03 }.count <= again.count / 10, "\(moves.sorted().suffix(8))")
    }

    /// Invisible pixels take the fill colour, alpha stays 0; visible pixels are untouched.
    @Test func fillInvisibleRowGivesInvisiblePixelsOneColour() {
        let a: UInt32 = 0xFF00_00FF, b: UInt32 = 0x0100_FF00, fill: UInt32 = 0xAB12_3456
        var row: [UInt32] = [0, a, 7, b, 0xFF00_0000]
        row.withUnsafeMutableBufferPointer { fillInvisibleRow($0.baseAddress!, count: $0.count, fill: fill) }
        #expect(row == [0x12_3456, a, 0x12_3456, b, 0xFF00_0000])
        var samples: [UInt8] = [0, 0, 0, 0, 100, 50, 0, 200, 20, 10, 0, 100]  // premultiplied
        let mean = meanVisibleColour(&samples, width: 3, height: 1, bytesPerRow: 12, step: 1)
        #expect(mean == UInt32(102) | UInt32(51) << 8)  // (120, 60, 0) × 255 / 300
    }
}
