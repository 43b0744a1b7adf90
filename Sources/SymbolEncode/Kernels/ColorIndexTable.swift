// Colour → palette index for palettes of up to 256 entries: open addressing over 1024 slots,
// so probes stay short, and an occupancy flag, so that the transparent 0 is a key like any
// other. Used per pixel (through runs of equal pixels) by the GIF and APNG encoders.

/// 32-bit colour → palette index, for at most 256 colours (any value may be a key, the
/// transparent 0 included).
@usableFromInline package struct ColorIndexTable: Sendable {
    // Inlinable into the encoders' per-pixel loops in other modules.
    @usableFromInline var keys = [UInt32](repeating: 0, count: 1024)
    @usableFromInline var values = [UInt8](repeating: 0, count: 1024)
    @usableFromInline var used = [Bool](repeating: false, count: 1024)
    @usableFromInline package private(set) var count = 0

    @usableFromInline package init() {}

    /// A table of `palette`: entry i maps to i (the first of repeated colours wins).
    @usableFromInline package init(_ palette: [UInt32]) {
        for c in palette { append(c) }
    }

    @inlinable @inline(__always) static func slot(_ c: UInt32) -> Int { Int((c &* 0x9E37_79B1) >> 22) }

    @inlinable package func index(of colour: UInt32) -> UInt8? {
        var s = ColorIndexTable.slot(colour)
        while used[s] {
            if keys[s] == colour { return values[s] }
            s = (s + 1) & 1023
        }
        return nil
    }

    /// Adds a colour with the next index (a colour already present keeps its index, but the
    /// index is used up all the same, so indices follow the palette's order); the caller keeps
    /// the count at 256 or below.
    @usableFromInline package mutating func append(_ colour: UInt32) {
        defer { count += 1 }
        var s = ColorIndexTable.slot(colour)
        while used[s] {
            if keys[s] == colour { return }
            s = (s + 1) & 1023
        }
        used[s] = true
        keys[s] = colour
        values[s] = UInt8(truncatingIfNeeded: count)
    }
}
