/// A JSON value with the line and column where it starts, so preset problems can name their
/// place. Objects keep their keys in file order.
package struct JSONValue: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([(key: String, value: JSONValue)])

        package static func == (a: Kind, b: Kind) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case (.bool(let x), .bool(let y)): return x == y
            case (.number(let x), .number(let y)): return x == y
            case (.string(let x), .string(let y)): return x == y
            case (.array(let x), .array(let y)): return x == y
            case (.object(let x), .object(let y)):
                return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    package var kind: Kind
    package var line: Int
    package var column: Int

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = kind { return members.first { $0.key == key }?.value }
        return nil
    }

    /// What the value is, for messages: "a string", "an object", …
    package var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON syntax error with its position.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    package var line: Int
    package var column: Int
    package var message: String
}

/// A strict JSON reader (RFC 8259) that records positions. Depth is limited to 256 and
/// duplicate keys are errors, since a preset with two `"fps"` is a mistake.
package struct JSONReader {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var column = 1

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var r = JSONReader(bytes: bytes)
        if r.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { r.i = 3 }
        r.skipSpace()
        let v = try r.value(depth: 0)
        r.skipSpace()
        guard r.i == r.bytes.count else { throw r.error("unexpected \(r.describe()) after the end of the JSON value") }
        return v
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ m: String) -> JSONSyntaxError { JSONSyntaxError(line: line, column: column, message: m) }

    private func describe() -> String {
        guard i < bytes.count else { return "end of file" }
        let b = bytes[i]
        return b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private mutating func advance() {
        if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
        i += 1
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { advance() }
    }

    private mutating func expectLiteral(_ word: String) throws(JSONSyntaxError) {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw error("expected '\(word)'") }
            advance()
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 256 else { throw error("JSON is nested deeper than 256 levels") }
        guard i < bytes.count else { throw error("unexpected end of file; the JSON is incomplete") }
        let (l, c) = (line, column)
        func make(_ k: JSONValue.Kind) -> JSONValue { JSONValue(kind: k, line: l, column: c) }
        switch bytes[i] {
        case 0x7B: // {
            advance(); skipSpace()
            var members: [(key: String, value: JSONValue)] = []
            if i < bytes.count, bytes[i] == 0x7D { advance(); return make(.object(members)) }
            while true {
                if i < bytes.count, bytes[i] == 0x2F { throw error("comments are not allowed in JSON") }
                guard i < bytes.count, bytes[i] == 0x22 else {
                    throw error(i < bytes.count && bytes[i] == 0x7D ? "trailing comma before '}'" : "expected a key in double quotes, found \(describe())")
                }
                let (kl, kc) = (line, column)
                let key = try string()
                if members.contains(where: { $0.key == key }) {
                    throw JSONSyntaxError(line: kl, column: kc, message: "key \"\(key)\" appears twice in this object")
                }
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x3A else { throw error("expected ':' after the key \"\(key)\", found \(describe())") }
                advance(); skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file inside an object opened at \(l):\(c)") }
                if bytes[i] == 0x2C { advance(); skipSpace(); continue }
                if bytes[i] == 0x7D { advance(); return make(.object(members)) }
                throw error("expected ',' or '}' in the object opened at \(l):\(c), found \(describe())")
            }
        case 0x5B: // [
            advance(); skipSpace()
            var items: [JSONValue] = []
            if i < bytes.count, bytes[i] == 0x5D { advance(); return make(.array(items)) }
            while true {
                if i < bytes.count, bytes[i] == 0x5D { throw error("trailing comma before ']'") }
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file inside an array opened at \(l):\(c)") }
                if bytes[i] == 0x2C { advance(); skipSpace(); continue }
                if bytes[i] == 0x5D { advance(); return make(.array(items)) }
                throw error("expected ',' or ']' in the array opened at \(l):\(c), found \(describe())")
            }
        case 0x22: return make(.string(try string()))
        case 0x74: try expectLiteral("true"); return make(.bool(true))
        case 0x66: try expectLiteral("false"); return make(.bool(false))
        case 0x6E: try expectLiteral("null"); return make(.null)
        case 0x2D, 0x30...0x39: return make(.number(try number()))
        case 0x2F: throw error("comments are not allowed in JSON")
        case 0x27: throw error("strings must use double quotes")
        default: throw error("unexpected \(describe()); expected a value")
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == 0x2D { advance() }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw error("invalid number") }
        if bytes[i] == 0x30, i + 1 < bytes.count, bytes[i + 1] >= 0x30, bytes[i + 1] <= 0x39 {
            throw error("numbers may not have leading zeros")
        }
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { advance() }
        if i < bytes.count, bytes[i] == 0x2E {
            advance()
            guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw error("expected digits after '.'") }
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { advance() }
        }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            advance()
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { advance() }
            guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw error("expected digits in the exponent") }
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { advance() }
        }
        guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
            throw error("number is out of range")
        }
        return v
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let (l, c) = (line, column)
        advance() // opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw JSONSyntaxError(line: l, column: c, message: "string is never closed") }
            let b = bytes[i]
            if b == 0x22 { advance(); break }
            if b < 0x20 { throw error(b == 0x0A ? "string is never closed on its line" : "control character in a string") }
            if b == 0x5C {
                advance()
                guard i < bytes.count else { throw error("unfinished escape") }
                let e = bytes[i]
                advance()
                switch e {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x2F: out.append(0x2F)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75:
                    // A character outside the BMP is a surrogate pair, \uD83D\uDE00; half a pair
                    // names no character, so it is an error (never silently U+FFFD).
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        let high = code
                        guard i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75 else { throw unpaired(high) }
                        advance(); advance()
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw unpaired(high) }
                        code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw unpaired(code)
                    }
                    out.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
                default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
                continue
            }
            out.append(b)
            advance()
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw JSONSyntaxError(line: l, column: c, message: "string is not valid UTF-8") }
        return s
    }

    private func unpaired(_ half: UInt32) -> JSONSyntaxError {
        let hex = String(half, radix: 16, uppercase: true)
        return error("\\u\(hex) is half of a UTF-16 surrogate pair; write both halves (\\uD83D\\uDE00) or the character itself")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let d = UInt32(String(Character(Unicode.Scalar(bytes[i]))), radix: 16) else {
                throw error("expected four hex digits after \\u")
            }
            v = v * 16 + d
            advance()
        }
        return v
    }
}
