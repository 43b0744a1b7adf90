/// A small, strict XML reader for SVG files.
///
/// Why our own: every element and attribute needs its line and column for error messages and
/// diagnostics, and hostile files must be bounded (nesting depth, entity expansion) before they
/// cost memory. It reads UTF-8 (with or without a BOM), UTF-16 with a BOM, and Latin-1 when the
/// XML declaration says so. It understands comments, processing instructions, CDATA, the
/// DOCTYPE internal subset's general entities (Illustrator declares its namespaces that way),
/// character references and namespace prefixes; it ignores external DTDs.
package struct XMLReader {
    package static let defaultMaxDepth = 256
    /// Total characters that entity expansion may produce in one file.
    static let maxEntityExpansion = 256 << 10

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var column = 1
    private var entities: [String: String] = [:]
    /// The same entities keyed and valued by their UTF-8 bytes, for expansion.
    private var entityBytes: [[UInt8]: [UInt8]] = [:]
    private var expanded = 0
    private var comments: [String] = []
    private var elementCount = 0
    private let maxDepth: Int

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses a whole file. Throws `XMLError` with the position of the first problem.
    package static func parse(_ data: [UInt8], maxDepth: Int = defaultMaxDepth) throws(XMLError) -> XMLDocument {
        let utf8 = try TextDecoding.utf8(data)
        var reader = XMLReader(bytes: utf8, maxDepth: maxDepth)
        return try reader.document()
    }

    // MARK: Cursor

    private var atEnd: Bool { i >= bytes.count }
    private func peek(_ offset: Int = 0) -> UInt8 { i + offset < bytes.count ? bytes[i + offset] : 0 }

    private mutating func advance() {
        let b = bytes[i]
        i += 1
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
    }

    private mutating func advance(_ n: Int) { for _ in 0..<n where !atEnd { advance() } }

    private func starts(with s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        return s.withUTF8Buffer { buf in
            for k in 0..<n where bytes[i + k] != buf[k] { return false }
            return true
        }
    }

    private func error(_ message: String) -> XMLError { XMLError(line: line, column: column, message: message) }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    private static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A || b >= 0x80
    }
    private static func isNameChar(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
    }

    private mutating func skipSpace() { while !atEnd && XMLReader.isSpace(bytes[i]) { advance() } }

    /// Skips to just after `terminator`; throws with `what` when the file ends first.
    private mutating func skip(past terminator: StaticString, what: String) throws(XMLError) -> Range<Int> {
        let start = i
        let (l, c) = (line, column)
        while !atEnd {
            if starts(with: terminator) {
                let r = start..<i
                advance(terminator.utf8CodeUnitCount)
                return r
            }
            advance()
        }
        throw XMLError(line: l, column: c, message: "\(what) is never closed (expected '\(terminator)')")
    }

    private mutating func name() throws(XMLError) -> String {
        guard !atEnd, XMLReader.isNameStart(bytes[i]) else {
            throw error(atEnd ? "file ends where a name was expected" : "expected a name, found \(describe(peek()))")
        }
        let start = i
        while !atEnd && XMLReader.isNameChar(bytes[i]) { advance() }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private func describe(_ b: UInt8) -> String {
        if b == 0 && atEnd { return "the end of the file" }
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    // MARK: Document

    private mutating func document() throws(XMLError) -> XMLDocument {
        if bytes.isEmpty { throw XMLError(line: 1, column: 1, message: "the file is empty") }
        var root: XMLElement?
        while true {
            skipSpace()
            if atEnd { break }
            if starts(with: "<?") {
                _ = try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<!DOCTYPE") {
                guard root == nil else { throw error("DOCTYPE after the root element") }
                try doctype()
            } else if peek() == 0x3C, XMLReader.isNameStart(peek(1)) {
                guard root == nil else { throw error("content after the end of the root element <\(root!.name)>") }
                root = try element(depth: 1, namespaces: [:])
            } else if root == nil {
                throw error("not an XML file: expected '<' but found \(describe(peek()))")
            } else {
                throw error("text after the end of the root element <\(root!.name)>")
            }
        }
        guard let root else { throw XMLError(line: line, column: column, message: "no root element in the file") }
        return XMLDocument(root: root, comments: comments, elementCount: elementCount)
    }

    private mutating func comment() throws(XMLError) {
        advance(4)
        let r = try skip(past: "-->", what: "comment")
        if comments.count < 64 { comments.append(String(decoding: bytes[r], as: UTF8.self)) }
    }

    /// `<!DOCTYPE svg PUBLIC "…" "…" [ <!ENTITY name "value"> … ]>`: general entities kept.
    private mutating func doctype() throws(XMLError) {
        let (l, c) = (line, column)
        advance(9)
        while !atEnd && peek() != 0x3E && peek() != 0x5B {
            if peek() == 0x22 || peek() == 0x27 { _ = try quoted() } else { advance() }
        }
        if peek() == 0x5B {
            advance()
            while true {
                skipSpace()
                if atEnd { throw XMLError(line: l, column: c, message: "DOCTYPE internal subset is never closed (expected ']')") }
                if peek() == 0x5D { advance(); break }
                if starts(with: "<!ENTITY") {
                    advance(8)
                    skipSpace()
                    let parameter = peek() == 0x25
                    if parameter { advance(); skipSpace() }
                    let entityName = try name()
                    skipSpace()
                    if peek() == 0x22 || peek() == 0x27 {
                        let value = try quoted()
                        if !parameter && entities[entityName] == nil {
                            entities[entityName] = value
                            entityBytes[Array(entityName.utf8)] = Array(value.utf8)
                        }
                    }
                    _ = try skip(past: ">", what: "ENTITY declaration")
                } else if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<") {
                    while !atEnd && peek() != 0x3E {
                        if peek() == 0x22 || peek() == 0x27 { _ = try quoted() } else { advance() }
                    }
                    if !atEnd { advance() }
                } else {
                    advance()
                }
            }
            skipSpace()
        }
        guard peek() == 0x3E else { throw XMLError(line: l, column: c, message: "DOCTYPE is never closed (expected '>')") }
        advance()
    }

    /// A quoted literal without entity processing (DOCTYPE parts).
    private mutating func quoted() throws(XMLError) -> String {
        let q = peek()
        let (l, c) = (line, column)
        advance()
        let start = i
        while !atEnd && peek() != q { advance() }
        guard !atEnd else { throw XMLError(line: l, column: c, message: "quoted text is never closed") }
        let s = String(decoding: bytes[start..<i], as: UTF8.self)
        advance()
        return s
    }

    // MARK: Elements

    private mutating func element(depth: Int, namespaces: [String: String]) throws(XMLError) -> XMLElement {
        let (l, c) = (line, column)
        if depth > maxDepth {
            var e = error("elements are nested deeper than \(maxDepth) levels; flatten the groups in the file")
            e.isDepthLimit = true
            throw e
        }
        elementCount += 1
        advance() // <
        let qname = try name()
        var attributes: [XMLAttribute] = []
        var selfClosing = false
        while true {
            let hadSpace = !atEnd && XMLReader.isSpace(peek())
            skipSpace()
            if atEnd { throw XMLError(line: l, column: c, message: "file ends inside the tag <\(qname)>") }
            if peek() == 0x3E { advance(); break }
            if peek() == 0x2F && peek(1) == 0x3E { advance(2); selfClosing = true; break }
            guard hadSpace else { throw error("expected a space, '>' or '/>' in <\(qname)>, found \(describe(peek()))") }
            let attrName = try name()
            skipSpace()
            guard peek() == 0x3D else { throw error("attribute '\(attrName)' of <\(qname)> has no value (expected '=')") }
            advance()
            skipSpace()
            let q = peek()
            guard q == 0x22 || q == 0x27 else { throw error("the value of '\(attrName)' must be in quotes") }
            advance()
            let (vl, vc) = (line, column)
            let value = try text(until: q, inAttribute: true)
            advance() // closing quote
            if attributes.contains(where: { $0.name == attrName }) {
                throw XMLError(line: vl, column: vc, message: "attribute '\(attrName)' appears twice in <\(qname)>")
            }
            attributes.append(XMLAttribute(name: attrName, value: value, line: vl, column: vc))
        }

        var scope = namespaces
        for a in attributes where a.name == "xmlns" || a.name.hasPrefix("xmlns:") {
            scope[a.name == "xmlns" ? "" : String(a.name.dropFirst(6))] = a.value
        }
        let el = XMLElement(name: XMLReader.localName(qname, scope), attributes: attributes, line: l, column: c)
        if selfClosing { return el }

        var textStarted = false
        while true {
            if atEnd { throw XMLError(line: l, column: c, message: "file ends before <\(qname)> is closed; it may be truncated") }
            if peek() == 0x3C {
                if peek(1) == 0x2F {
                    let (cl, cc) = (line, column)
                    advance(2)
                    let closing = try name()
                    skipSpace()
                    guard closing == qname else {
                        throw XMLError(line: cl, column: cc,
                                       message: "expected </\(qname)> to close the element opened at \(l):\(c), found </\(closing)>")
                    }
                    guard peek() == 0x3E else { throw error("expected '>' after </\(closing)") }
                    advance()
                    return el
                } else if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<![CDATA[") {
                    advance(9)
                    if !textStarted { el.textLine = line; el.textColumn = column; textStarted = true }
                    let r = try skip(past: "]]>", what: "CDATA section")
                    el.text += String(decoding: bytes[r], as: UTF8.self)
                } else if starts(with: "<?") {
                    _ = try skip(past: "?>", what: "processing instruction")
                } else {
                    el.children.append(try element(depth: depth + 1, namespaces: scope))
                }
            } else {
                if !textStarted { el.textLine = line; el.textColumn = column; textStarted = true }
                el.text += try text(until: 0x3C, inAttribute: false)
            }
        }
    }

    /// `svg:path` → `path` when `svg` maps to the SVG namespace; unprefixed names stay.
    private static func localName(_ qname: String, _ scope: [String: String]) -> String {
        guard let colon = qname.firstIndex(of: ":") else { return qname }
        let prefix = String(qname[..<colon])
        if scope[prefix] == "http://www.w3.org/2000/svg" { return String(qname[qname.index(after: colon)...]) }
        return qname
    }

    // MARK: Character data

    /// Reads until `terminator` (not consumed), replacing references.
    private mutating func text(until terminator: UInt8, inAttribute: Bool) throws(XMLError) -> String {
        var out: [UInt8] = []
        var runStart = i
        while !atEnd && peek() != terminator {
            let b = peek()
            if b == 0x26 {
                out.append(contentsOf: bytes[runStart..<i])
                out.append(contentsOf: try reference())
                runStart = i
            } else if inAttribute && b == 0x3C {
                throw error("'<' is not allowed in an attribute value; write &lt;")
            } else {
                advance()
            }
        }
        if inAttribute && atEnd { throw error("attribute value is never closed") }
        if out.isEmpty { return String(decoding: bytes[runStart..<i], as: UTF8.self) }
        out.append(contentsOf: bytes[runStart..<i])
        return String(decoding: out, as: UTF8.self)
    }

    /// `&lt;`, `&#65;`, `&#x41;` or a declared entity, as UTF-8.
    private mutating func reference() throws(XMLError) -> [UInt8] {
        let (l, c) = (line, column)
        advance() // &
        if peek() == 0x23 {
            advance()
            var hex = false
            if peek() == 0x78 { hex = true; advance() }
            var value: UInt32 = 0
            var digits = 0
            while !atEnd, let d = XMLReader.digit(peek(), hex: hex) {
                value = value &* (hex ? 16 : 10) &+ d
                digits += 1
                if digits > 8 { break }
                advance()
            }
            guard digits > 0, digits <= 8, peek() == 0x3B, let scalar = Unicode.Scalar(value), value != 0 else {
                throw XMLError(line: l, column: c, message: "invalid character reference")
            }
            advance()
            return Array(String(Character(scalar)).utf8)
        }
        guard !atEnd, XMLReader.isNameStart(peek()) else {
            throw XMLError(line: l, column: c, message: "'&' must start a reference like &amp; (write &amp; for a literal '&')")
        }
        let n = try name()
        guard peek() == 0x3B else {
            throw XMLError(line: l, column: c, message: "'&' must start a reference like &amp; (write &amp; for a literal '&')")
        }
        advance()
        let value: String
        switch n {
        case "lt": value = "<"
        case "gt": value = ">"
        case "amp": value = "&"
        case "quot": value = "\""
        case "apos": value = "'"
        default:
            guard let v = entities[n] else { throw XMLError(line: l, column: c, message: "unknown entity '&\(n);'") }
            // Entities may refer to other entities; expansion is bounded in total size.
            var out: [UInt8] = []
            try expand(Array(v.utf8), depth: 0, at: (l, c), into: &out)
            return out
        }
        return Array(value.utf8)
    }

    /// Appends `v` to `out` with the entity references in it expanded. Works on bytes: the
    /// total is bounded (256 KiB: namespace entities, their usual use, are a few hundred bytes).
    private mutating func expand(_ v: [UInt8], depth: Int, at pos: (Int, Int), into out: inout [UInt8]) throws(XMLError) {
        expanded += v.count
        if expanded > XMLReader.maxEntityExpansion || depth > 8 {
            throw XMLError(line: pos.0, column: pos.1, message: "entity expansion is too large (more than 256 KiB); the file may be hostile")
        }
        var i = 0
        while i < v.count {
            guard let amp = v[i...].firstIndex(of: 0x26) else { out += v[i...]; return }
            out += v[i..<amp]
            guard let semi = v[(amp + 1)...].firstIndex(of: 0x3B) else { out += v[amp...]; return }
            if let inner = entityBytes[Array(v[(amp + 1)..<semi])] {
                try expand(inner, depth: depth + 1, at: pos, into: &out)
            } else {
                out += v[amp...semi]
            }
            i = semi + 1
        }
    }

    private static func digit(_ b: UInt8, hex: Bool) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x61...0x66 where hex: return UInt32(b - 0x61 + 10)
        case 0x41...0x46 where hex: return UInt32(b - 0x41 + 10)
        default: return nil
        }
    }
}
