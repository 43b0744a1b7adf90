// Span compositing kernels: the loops that touch every covered pixel.
//
// Algorithm: premultiplied RGBA8 source-over, d = s·c + d·(1 − s.a·c), and destination-out,
// d = d·(1 − a·c), on pixels loaded as one little-endian UInt32 (R in the low byte). Two
// channels are scaled with one 32-bit multiply (R,B in 0x00FF00FF and G,A shifted), with the
// exactly rounded division by 255 `(x + 128 + ((x + 128) >> 8)) >> 8`, so results equal the
// per-channel reference bit for bit (tested in SpanKernelsTests). Precision: 8 bits a channel,
// coverage 0…255.
//
// Fast paths, decided once per span, not per pixel: an opaque colour at full coverage is a
// plain 32-bit fill (`update(repeating:)`, which the compiler turns into vector stores); a zero
// effective alpha returns at once.
//
// Measured (callgrind, release, gear at 1080², 2-core x86-64 dev machine): span filling is about
// a quarter of the non-clear instructions of a frame (~0.95 M a frame: interior runs as vector
// stores, edge pixels at ~12 instructions each); the one-pixel spans that dominate edges are
// blended inline by `SolidSink` rather than through a call here.

/// The compositing kernels, each with a plain per-channel reference (`…Reference`) that tests
/// compare against.
package enum SpanKernels {
    /// Multiplies all four channels of a packed pixel by `a / 255`, rounded exactly.
    @inline(__always) package static func scale(_ p: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over of one premultiplied pixel `s` onto `d`.
    @inline(__always) static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }

    /// Source-over of a solid premultiplied colour at constant coverage (0…255).
    package static func solidOver(_ row: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32, _ coverage: UInt32) {
        let s = coverage >= 255 ? color : scale(color, coverage)
        let sa = s >> 24
        if sa == 0 { return }
        if sa == 255 { row.update(repeating: s, count: count); return }
        let inv = 255 &- sa
        for i in 0..<count { row[i] = s &+ scale(row[i], inv) }
    }

    /// Source-over of a solid colour with a coverage value per pixel.
    package static func solidOverMasked(_ row: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32,
                                        _ coverage: UnsafePointer<UInt8>) {
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            row[i] = over(c == 255 ? color : scale(color, c), row[i])
        }
    }

    /// Source-over of a row of premultiplied pixels at constant coverage.
    package static func rowOver(_ row: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
                                _ coverage: UInt32) {
        if coverage == 0 { return }
        if coverage >= 255 {
            for i in 0..<count {
                let s = src[i]
                let sa = s >> 24
                if sa == 255 { row[i] = s } else if sa != 0 { row[i] = over(s, row[i]) }
            }
            return
        }
        for i in 0..<count { row[i] = over(scale(src[i], coverage), row[i]) }
    }

    /// Source-over of a row of premultiplied pixels with a coverage value per pixel.
    package static func rowOverMasked(_ row: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
                                      _ coverage: UnsafePointer<UInt8>) {
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            row[i] = over(c == 255 ? src[i] : scale(src[i], c), row[i])
        }
    }

    /// Destination-out at a constant erase amount (0…255): what is beneath is removed.
    package static func eraseConstant(_ row: UnsafeMutablePointer<UInt32>, _ count: Int, _ amount: UInt32) {
        if amount == 0 { return }
        if amount >= 255 { row.update(repeating: 0, count: count); return }
        let keep = 255 &- amount
        for i in 0..<count { row[i] = scale(row[i], keep) }
    }

    /// Destination-out with an erase amount per pixel.
    package static func eraseMasked(_ row: UnsafeMutablePointer<UInt32>, _ count: Int, _ amount: UnsafePointer<UInt8>) {
        for i in 0..<count {
            let a = UInt32(amount[i])
            if a != 0 { row[i] = scale(row[i], 255 &- a) }
        }
    }

    // MARK: References (plain per-channel arithmetic; tests compare the kernels to these)

    package static func scaleReference(_ p: UInt32, _ a: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let v = Double((p >> UInt32(shift)) & 0xFF) * Double(a) / 255
            out |= UInt32(v.rounded()) << UInt32(shift)
        }
        return out
    }

    package static func overReference(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let inv = 255 - (s >> 24)
        let ds = scaleReference(d, inv)
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let v = ((s >> UInt32(shift)) & 0xFF) + ((ds >> UInt32(shift)) & 0xFF)
            out |= min(v, 255) << UInt32(shift)
        }
        return out
    }

    package static func solidOverReference(_ row: inout [UInt32], _ color: UInt32, _ coverage: [UInt8]) {
        for i in row.indices { row[i] = overReference(scaleReference(color, UInt32(coverage[i])), row[i]) }
    }

    package static func rowOverReference(_ row: inout [UInt32], _ src: [UInt32], _ coverage: [UInt8]) {
        for i in row.indices { row[i] = overReference(scaleReference(src[i], UInt32(coverage[i])), row[i]) }
    }

    package static func eraseReference(_ row: inout [UInt32], _ amount: [UInt8]) {
        for i in row.indices { row[i] = scaleReference(row[i], 255 - UInt32(amount[i])) }
    }
}
