/// Turns file bytes into UTF-8 for the XML reader: strips a UTF-8 BOM, transcodes UTF-16 with a
/// BOM and Latin-1/Windows-1252 when the XML declaration names it, and rejects invalid UTF-8 with
/// the position of the first bad byte.
enum TextDecoding {
    static func utf8(_ data: [UInt8]) throws(XMLError) -> [UInt8] {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return try validated(Array(data.dropFirst(3))) }
        if data.starts(with: [0xFF, 0xFE]) { return try utf16(data.dropFirst(2), bigEndian: false) }
        if data.starts(with: [0xFE, 0xFF]) { return try utf16(data.dropFirst(2), bigEndian: true) }
        if data.count >= 4, data[0] == 0x3C, data[1] == 0, data[2] == 0x3F, data[3] == 0 {
            return try utf16(data[...], bigEndian: false)
        }
        if data.count >= 4, data[0] == 0, data[1] == 0x3C, data[2] == 0, data[3] == 0x3F {
            return try utf16(data[...], bigEndian: true)
        }
        if let encoding = declaredEncoding(data) {
            switch encoding {
            case "utf-8", "utf8", "us-ascii", "ascii": break
            case "iso-8859-1", "latin1", "latin-1", "iso_8859-1", "windows-1252", "cp1252":
                return latin1(data)
            default:
                throw XMLError(line: 1, column: 1,
                               message: "the file is encoded as '\(encoding)', which is not supported; save it as UTF-8")
            }
        }
        return try validated(data)
    }

    /// The `encoding="…"` of an XML declaration at the very start, lowercased.
    private static func declaredEncoding(_ data: [UInt8]) -> String? {
        guard data.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = data.prefix(200)
        guard let end = head.firstIndex(of: 0x3E) else { return nil }
        let decl = String(decoding: head[..<end], as: UTF8.self)
        guard let r = decl.firstRange(of: "encoding") else { return nil }
        var rest = decl[r.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let q = rest.first, q == "\"" || q == "'" else { return nil }
        rest = rest.dropFirst()
        return String(rest.prefix { $0 != q }).lowercased()
    }

    private static func latin1(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        for b in data {
            if b < 0x80 { out.append(b) } else { out.append(0xC0 | (b >> 6)); out.append(0x80 | (b & 0x3F)) }
        }
        return out
    }

    private static func utf16(_ data: ArraySlice<UInt8>, bigEndian: Bool) throws(XMLError) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(data.count / 2)
        var k = data.startIndex
        while k + 1 < data.endIndex {
            let (a, b) = (UInt16(data[k]), UInt16(data[k + 1]))
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            k += 2
        }
        var out: [UInt8] = []
        var line = 1
        var iterator = units.makeIterator()
        var decoder = Unicode.UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                out.append(contentsOf: String(Character(scalar)).utf8)
            case .emptyInput:
                break loop
            case .error:
                throw XMLError(line: line, column: 1, message: "the file is not valid UTF-16; save it as UTF-8")
            }
        }
        return out
    }

    /// Returns the data unchanged when it is valid UTF-8 without NUL bytes.
    private static func validated(_ data: [UInt8]) throws(XMLError) -> [UInt8] {
        var k = 0
        var line = 1, column = 1
        let n = data.count
        while k < n {
            let b = data[k]
            var len = 0
            if b < 0x80 {
                if b == 0 {
                    throw XMLError(line: line, column: column, message: "the file contains a NUL byte; it is binary, not an SVG text file")
                }
                len = 1
            } else if b & 0xE0 == 0xC0, b >= 0xC2 { len = 2 }
            else if b & 0xF0 == 0xE0 { len = 3 }
            else if b & 0xF8 == 0xF0, b <= 0xF4 { len = 4 }
            var ok = len > 0 && k + len <= n
            if ok && len > 1 {
                for j in 1..<len where data[k + j] & 0xC0 != 0x80 { ok = false }
            }
            guard ok else {
                throw XMLError(line: line, column: column,
                               message: "byte 0x\(String(b, radix: 16, uppercase: true)) is not valid UTF-8; save the file as UTF-8 (or declare its encoding)")
            }
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            k += len
        }
        return data
    }
}
