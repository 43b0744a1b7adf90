// Nearest palette colour in OKLab for colours the palette lacks. Entries are sorted by
// lightness and searched outward from the query's lightness, stopping when the lightness gap
// alone exceeds the best distance: about 12 distance evaluations instead of 255 on symbol
// palettes. Answers are cached by exact colour in a direct-mapped table (64 Ki entries), so a
// flat area costs one lookup a pixel; a miss costs ≈ 0.3 µs (release build, x86-64).
//
// Ties go to the lowest palette index, in both this search and the brute-force reference,
// which the differential test compares on every query.

/// Nearest-colour search over the opaque entries of a palette.
package struct NearestColorSearch: Sendable {
    private var sortedLab: [LabColor] = []
    private var sortedIndex: [UInt8] = []
    private var cacheKeys: [UInt32]
    private var cacheValues: [UInt8]
    private static let cacheBits: UInt32 = 16

    /// `palette[i]` is entry i's display pixel; 0 (the transparent entry) is never matched.
    package init(palette: [UInt32]) {
        let entries = palette.enumerated().filter { $0.element != 0 }
            .map { (lab: OKLab.from($0.element), index: UInt8($0.offset)) }
            .sorted { $0.lab.l != $1.lab.l ? $0.lab.l < $1.lab.l : $0.index < $1.index }
        sortedLab = entries.map(\.lab)
        sortedIndex = entries.map(\.index)
        cacheKeys = [UInt32](repeating: 0, count: 1 << NearestColorSearch.cacheBits)
        cacheValues = [UInt8](repeating: 0, count: 1 << NearestColorSearch.cacheBits)
    }

    /// The palette index nearest to the opaque pixel `colour`.
    @inline(__always) package mutating func index(of colour: UInt32) -> UInt8 {
        let slot = Int((colour &* 0x9E37_79B1) >> (32 - NearestColorSearch.cacheBits))
        if cacheKeys[slot] == colour { return cacheValues[slot] }
        let found = search(OKLab.from(colour))
        cacheKeys[slot] = colour
        cacheValues[slot] = found
        return found
    }

    /// The nearest entry to an OKLab colour (no cache).
    package func search(_ q: LabColor) -> UInt8 {
        sortedLab.withUnsafeBufferPointer { labs in
            let n = labs.count
            // First entry with l >= q.l.
            var lo = 0, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2
                if labs[mid].l < q.l { lo = mid + 1 } else { hi = mid }
            }
            var best = Float.infinity
            var bestIndex = Int.max
            @inline(__always) func consider(_ k: Int) {
                let d = labs[k].distanceSquared(q)
                let index = Int(sortedIndex[k])
                if d < best || (d == best && index < bestIndex) {
                    best = d
                    bestIndex = index
                }
            }
            var up = lo, down = lo - 1
            while up < n || down >= 0 {
                if up < n {
                    let dl = labs[up].l - q.l
                    if dl * dl > best {
                        up = n
                    } else {
                        consider(up)
                        up += 1
                    }
                }
                if down >= 0 {
                    let dl = q.l - labs[down].l
                    if dl * dl > best {
                        down = -1
                    } else {
                        consider(down)
                        down -= 1
                    }
                }
            }
            return UInt8(bestIndex)
        }
    }
}

/// Brute-force nearest entry, for the differential test.
package func referenceNearestIndex(_ colour: UInt32, palette: [UInt32]) -> UInt8 {
    let q = OKLab.from(colour)
    var best = Float.infinity, bestIndex = 0
    for (i, c) in palette.enumerated() where c != 0 {
        let d = OKLab.from(c).distanceSquared(q)
        if d < best {
            best = d
            bestIndex = i
        }
    }
    return UInt8(bestIndex)
}
