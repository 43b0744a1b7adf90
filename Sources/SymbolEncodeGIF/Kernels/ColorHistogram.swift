// A colour histogram keyed by opaque display pixels (never 0, since opaque pixels have
// A = 255, so 0 marks an empty slot). Open addressing with linear probing and a
// multiplicative hash; a run of equal pixels is added at once, which turns a flat 1080² frame
// into a few thousand inserts.

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
