/// The small Swift-expression grammar shared by effects, options and curves:
///
///     chain    := '.'? member ('.' member)*
///     member   := name ('(' (argument (',' argument)*)? ')')?
///     argument := (name ':')? value
///     value    := ('-' | '+')? number | string | chain
///
/// Names are kept with their character offsets so interpretation errors can point at them.
struct SyntaxChain: Sendable {
    var members: [SyntaxMember]
    /// Offset of the first character (the dot, if any).
    var offset: Int
}

struct SyntaxMember: Sendable {
    var name: String
    var offset: Int
    /// nil when the member has no parentheses.
    var arguments: [SyntaxArgument]?
    /// Offset of `(`, or of the character after the name.
    var parenOffset: Int
}

struct SyntaxArgument: Sendable {
    var label: String?
    var offset: Int
    var value: SyntaxValue
}

indirect enum SyntaxValue: Sendable {
    case number(Double, offset: Int)
    case string(String, offset: Int)
    case chain(SyntaxChain)

    var offset: Int {
        switch self {
        case .number(_, let o), .string(_, let o): return o
        case .chain(let c): return c.offset
        }
    }
}

struct ExpressionParser {
    private enum Token: Equatable {
        case name(String), number(Double), string(String), punct(Character), end
    }

    private let chars: [Character]
    private var tokens: [(token: Token, offset: Int)] = []
    private var index = 0

    /// Parses one whole chain; `what` names the expected thing in "expected … at N".
    static func parse(_ text: String, expecting what: String) throws -> SyntaxChain {
        var p = try ExpressionParser(text)
        guard p.peek != .end else { throw ExpressionError.at(p.offset, "expected \(what)") }
        let chain = try p.chain(expecting: what)
        if p.peek != .end {
            throw ExpressionError.at(p.offset, "unexpected \(p.describe(p.peek)); expected '.' or the end")
        }
        return chain
    }

    private init(_ text: String) throws {
        chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { i += 1; continue }
            if c.isLetter || c == "_" {
                let s = i
                while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { i += 1 }
                tokens.append((.name(String(chars[s..<i])), s))
            } else if c.isASCII, c.isNumber {
                tokens.append(try number(from: &i))
            } else if c == ".", i + 1 < chars.count, chars[i + 1].isASCII, chars[i + 1].isNumber, !afterOperand {
                var j = i + 1
                while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                throw ExpressionError.at(i, "a number needs a digit before its point: write 0\(String(chars[i..<j]))")
            } else if c == "\"" {
                let s = i
                i += 1
                while i < chars.count, chars[i] != "\"" { i += 1 }
                guard i < chars.count else { throw ExpressionError.at(s, "unterminated string") }
                i += 1
                tokens.append((.string(String(chars[(s + 1)..<(i - 1)])), s))
            } else if ".(),:-+".contains(c) {
                tokens.append((.punct(c), i))
                i += 1
            } else {
                throw ExpressionError.at(i, "unexpected character '\(c)'")
            }
        }
        tokens.append((.end, chars.count))
    }

    private var afterOperand: Bool {
        guard let last = tokens.last else { return false }
        switch last.token {
        case .name, .number, .string, .punct(")"): return true
        default: return false
        }
    }

    private func number(from i: inout Int) throws -> (Token, Int) {
        let s = i
        func digits() { while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 } }
        digits()
        if i + 1 < chars.count, chars[i] == ".", chars[i + 1].isASCII, chars[i + 1].isNumber { i += 1; digits() }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            var j = i + 1
            if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
            if j < chars.count, chars[j].isASCII, chars[j].isNumber { i = j; digits() }
        }
        // "1.2.3" or "2x": one malformed number, not a number followed by something.
        if i < chars.count, chars[i].isLetter || chars[i] == "_" || chars[i].isNumber
            || (chars[i] == "." && i + 1 < chars.count && chars[i + 1].isNumber) {
            var j = i
            while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "." || chars[j] == "_" { j += 1 }
            throw ExpressionError.at(s, "malformed number '\(String(chars[s..<j]))'")
        }
        guard let v = Double(String(chars[s..<i])) else { throw ExpressionError.at(s, "malformed number") }
        return (.number(v), s)
    }

    private var peek: Token { tokens[index].token }
    private var offset: Int { tokens[index].offset }
    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    private func describe(_ t: Token) -> String {
        switch t {
        case .name(let n): return "'\(n)'"
        case .number: return "number"
        case .string: return "string"
        case .punct(let c): return "'\(c)'"
        case .end: return "end"
        }
    }

    private mutating func chain(expecting what: String) throws -> SyntaxChain {
        let start = offset
        if peek == .punct(".") { advance() }
        var members = [try member(expecting: what)]
        while peek == .punct(".") {
            advance()
            members.append(try member(expecting: "a name after '.'"))
        }
        return SyntaxChain(members: members, offset: start)
    }

    private mutating func member(expecting what: String) throws -> SyntaxMember {
        guard case .name(let name) = peek else {
            throw ExpressionError.at(offset, peek == .end ? "expected \(what)" : "expected \(what), found \(describe(peek))")
        }
        let at = offset
        advance()
        guard peek == .punct("(") else { return SyntaxMember(name: name, offset: at, arguments: nil, parenOffset: offset) }
        let paren = offset
        advance()
        var args: [SyntaxArgument] = []
        if peek != .punct(")") {
            while true {
                args.append(try argument())
                if peek == .punct(",") { advance(); continue }
                break
            }
        }
        guard peek == .punct(")") else {
            throw peek == .end ? ExpressionError.at(paren, "unclosed '('")
                               : ExpressionError.at(offset, "expected ',' or ')', found \(describe(peek))")
        }
        advance()
        return SyntaxMember(name: name, offset: at, arguments: args, parenOffset: paren)
    }

    private mutating func argument() throws -> SyntaxArgument {
        let at = offset
        if case .name(let label) = peek, tokens[index + 1].token == .punct(":") {
            advance(); advance()
            return SyntaxArgument(label: label, offset: at, value: try value())
        }
        return SyntaxArgument(label: nil, offset: at, value: try value())
    }

    private mutating func value() throws -> SyntaxValue {
        let at = offset
        var sign = 1.0
        if peek == .punct("-") || peek == .punct("+") {
            if peek == .punct("-") { sign = -1 }
            advance()
            guard case .number = peek else { throw ExpressionError.at(offset, "expected a number after the sign") }
        }
        switch peek {
        case .number(let v): advance(); return .number(sign * v, offset: at)
        case .string(let s): advance(); return .string(s, offset: at)
        case .name, .punct("."): return .chain(try chain(expecting: "a value"))
        case .end: throw ExpressionError.at(offset, "expected a value")
        default: throw ExpressionError.at(offset, "expected a value, found \(describe(peek))")
        }
    }
}
