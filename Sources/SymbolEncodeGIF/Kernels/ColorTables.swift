// Hash tables keyed by opaque display pixels (never 0, since opaque pixels have A = 255, so 0
// marks an empty slot): a colour histogram and an exact colour → palette index map. Open
// addressing with linear probing and a multiplicative hash; the histogram adds a run of equal
// pixels at once, which turns a flat 1080² frame into a few thousand inserts.

/// Counts of each opaque colour.
package struct ColorHistogram: Sendable {
    private(set) var keys: [UInt32]
    private(set) var counts: [Int]
    private var shift: UInt32
    /// Distinct colours.
    package private(set) var count = 0
    /// Pixels counted (opaque ones).
    package private(set) var total = 0

    package init() {
        keys = [UInt32](repeating: 0, count: 1 << 10)
        counts = [Int](repeating: 0, count: 1 << 10)
        shift = 32 - 10
    }

    /// Adds every opaque pixel of `pixels`.
    package mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
        var i = 0
        let n = pixels.count
        while i < n {
            let c = pixels[i]
            var j = i + 1
            while j < n && pixels[j] == c { j += 1 }
            if c != 0 { add(c, count: j - i) }
            i = j
        }
    }

    package mutating func add(_ colour: UInt32, count n: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var slot = Int((colour &* 0x9E37_79B1) >> shift)
        while true {
            let k = keys[slot]
            if k == colour {
                counts[slot] += n
                break
            }
            if k == 0 {
                keys[slot] = colour
                counts[slot] = n
                count += 1
                break
            }
            slot = (slot + 1) & mask
        }
        total += n
    }

    /// (colour, count) pairs in an order fixed by the colours, for determinism.
    package func entries() -> [(colour: UInt32, count: Int)] {
        var out: [(colour: UInt32, count: Int)] = []
        out.reserveCapacity(count)
        for i in 0..<keys.count where keys[i] != 0 { out.append((keys[i], counts[i])) }
        out.sort { $0.colour < $1.colour }
        return out
    }

    private mutating func grow() {
        let old = (keys, counts)
        let size = keys.count * 2
        keys = [UInt32](repeating: 0, count: size)
        counts = [Int](repeating: 0, count: size)
        shift -= 1
        count = 0
        let savedTotal = total
        for i in 0..<old.0.count where old.0[i] != 0 { add(old.0[i], count: old.1[i]) }
        total = savedTotal
    }
}

/// Exact colour → palette index (the transparent value 0 maps to the transparent index).
package struct ExactColorIndex: Sendable {
    private var keys: [UInt32]
    private var values: [UInt8]
    private let transparent: UInt8
    private static let bits: UInt32 = 10

    /// `palette[i]` is entry i's display pixel; the transparent entry holds 0.
    package init(palette: [UInt32], transparentIndex: Int?) {
        keys = [UInt32](repeating: 0, count: 1 << ExactColorIndex.bits)
        values = [UInt8](repeating: 0, count: 1 << ExactColorIndex.bits)
        transparent = UInt8(transparentIndex ?? 0)
        for (i, c) in palette.enumerated() where c != 0 {
            var slot = ExactColorIndex.slot(c)
            while keys[slot] != 0 && keys[slot] != c { slot = (slot + 1) & ((1 << ExactColorIndex.bits) - 1) }
            if keys[slot] == 0 {
                keys[slot] = c
                values[slot] = UInt8(i)
            }
        }
    }

    @inline(__always) private static func slot(_ c: UInt32) -> Int { Int((c &* 0x9E37_79B1) >> (32 - bits)) }

    /// The index of `colour`, or nil when the palette lacks it.
    @inline(__always) package func index(of colour: UInt32) -> UInt8? {
        if colour == 0 { return transparent }
        var slot = ExactColorIndex.slot(colour)
        while true {
            let k = keys[slot]
            if k == colour { return values[slot] }
            if k == 0 { return nil }
            slot = (slot + 1) & ((1 << ExactColorIndex.bits) - 1)
        }
    }
}
