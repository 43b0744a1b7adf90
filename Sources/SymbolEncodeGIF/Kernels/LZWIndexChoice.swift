// Choosing indices for the LZW coder. A pixel already on the canvas may be written as its own
// index or as the transparent index; the choice is free, so it is made while simulating the
// coder: the pixel takes whichever value extends the current dictionary match (the value that
// continues the run first), and when neither does, the value that continues a run (or starts
// a transparent one). The simulation is greedy longest match with a new code per miss, as
// `lzwEncode` codes, and clears the table when full; until the table first fills, the
// dictionary the coder builds from the chosen indices is the one simulated, so the matches
// found here are the ones it codes. One pass, a hash table of 8 Ki slots, no allocation per
// pixel.

/// Writes into `out` an index per pixel: `own[i]`, or `transparent` where `free[i]` is 1,
/// chosen to lengthen LZW matches. Returns the simulated size in bytes.
package func lzwFlexibleIndices(
    own: UnsafeBufferPointer<UInt8>, free: UnsafeBufferPointer<UInt8>, transparent: UInt8, minCodeSize: Int,
    into out: UnsafeMutableBufferPointer<UInt8>
) -> Int {
    let n = own.count
    guard n > 0 else { return 0 }
    let slots = 1 << 13
    var keys = [Int32](repeating: -1, count: slots)
    var codes = [Int16](repeating: 0, count: slots)
    let clear = 1 << minCodeSize
    var nextCode = clear + 2
    var width = minCodeSize + 1
    var bits = width
    return keys.withUnsafeMutableBufferPointer { keys in
        codes.withUnsafeMutableBufferPointer { codes in
            @inline(__always) func lookup(_ prefix: Int, _ k: UInt8) -> (code: Int, slot: Int) {
                let key = Int32(prefix << 8 | Int(k))
                var slot = Int((UInt32(bitPattern: key) &* 0x9E37_79B1) >> 19)
                while keys[slot] != -1 {
                    if keys[slot] == key { return (Int(codes[slot]), slot) }
                    slot = (slot + 1) & (slots - 1)
                }
                return (-1, slot)
            }
            var first = own[0]
            if free[0] != 0 { first = transparent }
            out[0] = first
            var prefix = Int(first)
            var previous = first
            for i in 1..<n {
                let mine = own[i]
                var k = mine
                var hit = (code: -1, slot: 0)
                if free[i] != 0 {
                    // Try the value that continues the run (own before transparent when there
                    // is no run), then the other; without a match, continue or start a run.
                    let runValue = previous == mine ? mine : transparent
                    let first = previous == runValue ? runValue : mine
                    let second = first == mine ? transparent : mine
                    k = first
                    hit = lookup(prefix, first)
                    if hit.code < 0 && second != first {
                        let h = lookup(prefix, second)
                        if h.code >= 0 { hit = h; k = second }
                    }
                    if hit.code < 0 {
                        k = runValue
                        hit = lookup(prefix, k)
                    }
                } else {
                    hit = lookup(prefix, k)
                }
                out[i] = k
                previous = k
                if hit.code >= 0 {
                    prefix = hit.code
                    continue
                }
                bits += width
                if nextCode >= 4095 {
                    bits += width
                    keys.update(repeating: -1)
                    nextCode = clear + 2
                    width = minCodeSize + 1
                } else {
                    keys[hit.slot] = Int32(prefix << 8 | Int(k))
                    codes[hit.slot] = Int16(nextCode)
                    nextCode += 1
                    if nextCode > (1 << width) && width < 12 { width += 1 }
                }
                prefix = Int(k)
            }
            return (bits + 2 * width + 7) / 8
        }
    }
}

/// The plain version of `lzwFlexibleIndices` with a Swift dictionary, for the differential test.
package func referenceLZWFlexibleIndices(own: [UInt8], free: [UInt8], transparent: UInt8, minCodeSize: Int) -> ([UInt8], Int) {
    guard !own.isEmpty else { return ([], 0) }
    let clear = 1 << minCodeSize
    var table: [Int: Int] = [:]
    var nextCode = clear + 2, width = minCodeSize + 1, bits = width
    var out = [free[0] != 0 ? transparent : own[0]]
    var prefix = Int(out[0])
    for i in 1..<own.count {
        var k = own[i]
        if free[i] != 0 {
            let previous = out[i - 1]
            let runValue = previous == own[i] ? own[i] : transparent
            let candidates = previous == runValue ? [runValue, runValue == own[i] ? transparent : own[i]] : [own[i], transparent]
            k = candidates.first { table[prefix << 8 | Int($0)] != nil } ?? runValue
        }
        out.append(k)
        if let code = table[prefix << 8 | Int(k)] {
            prefix = code
            continue
        }
        bits += width
        if nextCode >= 4095 {
            bits += width
            table = [:]
            nextCode = clear + 2
            width = minCodeSize + 1
        } else {
            table[prefix << 8 | Int(k)] = nextCode
            nextCode += 1
            if nextCode > (1 << width) && width < 12 { width += 1 }
        }
        prefix = Int(k)
    }
    return (out, (bits + 2 * width + 7) / 8)
}
