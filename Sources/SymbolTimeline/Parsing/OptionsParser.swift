/// A JSON-like value tree for the object form of options, built by the caller from its own JSON
/// (`{"repeat": 3, "speed": 1.5}`); this module stays free of Foundation.
package indirect enum OptionValue: Hashable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([OptionValue])
    case object([String: OptionValue])
}

extension SymbolEffectOptions {
    /// The option names, for listings and suggestions.
    package static let names = ["repeat", "speed", "repeating", "nonRepeating", "default"]

    /// Reads Apple's spelling, chained, with or without the leading dot: `.repeat(3).speed(1.5)`,
    /// `.repeating`, `.repeat(.periodic(2, delay: 0.5))`, `.repeat(.continuous)`. The empty string
    /// is `.default`. Throws `ExpressionError`.
    package init(parsing text: String) throws {
        if text.allSatisfy(\.isWhitespace) { self = .default; return }
        self = try OptionsGrammar.options(ExpressionParser.parse(text, expecting: "an option such as .repeat(2)"))
    }

    /// Reads the object form: `{"repeat": 3, "speed": 1.5}`, `{"repeat": {"periodic": 2, "delay": 0.5}}`,
    /// `{"repeat": "continuous"}`; a string value is read as the string form. Errors carry the key path.
    package init(object: OptionValue) throws {
        switch object {
        case .string(let s): self = try SymbolEffectOptions(parsing: s)
        case .null: self = .default
        case .object(let members): self = try OptionsGrammar.options(members)
        default: throw ExpressionError("options: expected an object such as {\"repeat\": 2} or a string such as \".repeat(2)\"",
                                       offset: nil, keyPath: "")
        }
    }
}

enum OptionsGrammar {
    static func options(_ chain: SyntaxChain) throws -> SymbolEffectOptions {
        var o = SymbolEffectOptions()
        var repeatSetBy: String?, speedSet = false
        for m in chain.members {
            switch m.name {
            case "repeat", "repeating", "nonRepeating":
                if let earlier = repeatSetBy {
                    throw ExpressionError.at(m.offset, earlier == m.name ? "'\(m.name)' is repeated" : "'\(m.name)' conflicts with '\(earlier)'")
                }
                repeatSetBy = m.name
                if m.name == "repeat" {
                    o.repeatBehavior = try repeatArgument(m)
                } else {
                    if m.arguments != nil { throw ExpressionError.at(m.parenOffset, "'\(m.name)' takes no arguments") }
                    o.repeatBehavior = .periodic(count: m.name == "repeating" ? nil : 1, delay: 0)
                }
            case "speed":
                if speedSet { throw ExpressionError.at(m.offset, "'speed' is repeated") }
                speedSet = true
                guard let args = m.arguments, args.count == 1, args[0].label == nil else {
                    throw ExpressionError.at(m.arguments == nil ? m.offset : m.parenOffset, "'speed' needs one number: .speed(1.5)")
                }
                guard case .number(let x, let at) = args[0].value else {
                    throw ExpressionError.at(args[0].value.offset, "the speed must be a number")
                }
                guard x > 0, x.isFinite else { throw ExpressionError.at(at, "the speed must be greater than 0, not \(format(x))") }
                o.speed = x
            case "default":
                if m.arguments != nil { throw ExpressionError.at(m.parenOffset, "'default' takes no arguments") }
            default:
                throw ExpressionError.at(m.offset, "unknown option '\(m.name)'", nearest: m.name, in: SymbolEffectOptions.names)
            }
        }
        return o
    }

    private static func repeatArgument(_ m: SyntaxMember) throws -> SymbolEffectOptions.RepeatBehavior {
        guard let args = m.arguments, args.count == 1, args[0].label == nil else {
            throw ExpressionError.at(m.arguments == nil ? m.offset : m.parenOffset,
                                     "'repeat' needs a count or a behavior: .repeat(2), .repeat(.periodic(2, delay: 0.5)), .repeat(.continuous)")
        }
        switch args[0].value {
        case .number(let n, let at): return .periodic(count: try count(n, at: at), delay: 0)
        case .string(_, let at): throw ExpressionError.at(at, "expected a count or a behavior, found a string")
        case .chain(let c):
            let b = c.members[0]
            if c.members.count > 1 { throw ExpressionError.at(c.members[1].offset, "unexpected '\(c.members[1].name)' after '\(b.name)'") }
            switch b.name {
            case "continuous":
                if b.arguments != nil { throw ExpressionError.at(b.parenOffset, "'continuous' takes no arguments") }
                return .continuous
            case "periodic":
                return try periodic(b.arguments ?? [])
            default:
                throw ExpressionError.at(b.offset, "unknown repeat behavior '\(b.name)'", nearest: b.name, in: ["periodic", "continuous"])
            }
        }
    }

    private static func periodic(_ args: [SyntaxArgument]) throws -> SymbolEffectOptions.RepeatBehavior {
        var n: Int?, delay = 0.0
        for (i, a) in args.enumerated() {
            guard case .number(let x, let at) = a.value else {
                throw ExpressionError.at(a.value.offset, "'periodic' takes numbers: .periodic(2, delay: 0.5)")
            }
            if a.label == nil, i == 0 {
                n = try count(x, at: at)
            } else if a.label == "delay", i == args.count - 1 {
                guard x >= 0, x.isFinite else { throw ExpressionError.at(at, "the delay must be 0 or more seconds, not \(format(x))") }
                delay = x
            } else {
                throw ExpressionError.at(a.offset, a.label.map { "unknown argument '\($0)' of 'periodic'" } ?? "expected 'delay:' in .periodic(2, delay: 0.5)",
                                         nearest: a.label, in: ["delay"])
            }
        }
        return .periodic(count: n, delay: delay)
    }

    private static func count(_ n: Double, at: Int) throws -> Int {
        guard n >= 1, n == n.rounded(), n < 1e9 else {
            throw ExpressionError.at(at, "the repeat count must be a whole number of at least 1, not \(format(n))")
        }
        return Int(n)
    }

    // MARK: The object form

    static func options(_ members: [String: OptionValue]) throws -> SymbolEffectOptions {
        var o = SymbolEffectOptions()
        for key in members.keys.sorted() {
            let value = members[key]!
            switch key {
            case "repeat": o.repeatBehavior = try repeatValue(value)
            case "speed":
                guard case .number(let x) = value else { throw fail("speed", "expected a number such as 1.5") }
                guard x > 0, x.isFinite else { throw fail("speed", "the speed must be greater than 0, not \(format(x))") }
                o.speed = x
            default:
                var m = "\(key): unknown option key"
                if let s = nearestName(to: key, in: ["repeat", "speed"]) { m += "; did you mean '\(s)'?" }
                throw ExpressionError(m, offset: nil, keyPath: key)
            }
        }
        return o
    }

    private static func fail(_ path: String, _ problem: String) -> ExpressionError {
        ExpressionError("\(path): \(problem)", offset: nil, keyPath: path)
    }

    private static func wholeCount(_ v: OptionValue, _ path: String) throws -> Int? {
        switch v {
        case .null: return nil
        case .number(let n) where n >= 1 && n == n.rounded() && n < 1e9: return Int(n)
        case .number(let n): throw fail(path, "the repeat count must be a whole number of at least 1, not \(format(n))")
        default: throw fail(path, "expected a whole number of plays, or null for endless")
        }
    }

    private static func repeatValue(_ v: OptionValue) throws -> SymbolEffectOptions.RepeatBehavior? {
        switch v {
        case .number: return .periodic(count: try wholeCount(v, "repeat"), delay: 0)
        case .null: return nil
        case .bool(let b): return .periodic(count: b ? nil : 1, delay: 0)
        case .string(let s):
            switch s.hasPrefix(".") ? String(s.dropFirst()) : s {
            case "continuous": return .continuous
            case "repeating", "periodic": return .periodic(count: nil, delay: 0)
            case "nonRepeating": return .periodic(count: 1, delay: 0)
            default:
                var m = "repeat: unknown repeat behavior '\(s)'"
                if let n = nearestName(to: s, in: ["continuous", "periodic", "repeating", "nonRepeating"]) { m += "; did you mean '\(n)'?" }
                throw ExpressionError(m, offset: nil, keyPath: "repeat")
            }
        case .object(let o):
            var count: Int?, delay = 0.0
            for key in o.keys.sorted() {
                switch key {
                case "periodic", "count": count = try wholeCount(o[key]!, "repeat.\(key)")
                case "delay":
                    guard case .number(let d) = o[key]!, d >= 0, d.isFinite else {
                        throw fail("repeat.delay", "the delay must be a number of seconds, 0 or more")
                    }
                    delay = d
                default:
                    var m = "repeat.\(key): unknown key"
                    if let s = nearestName(to: key, in: ["periodic", "delay"]) { m += "; did you mean '\(s)'?" }
                    throw ExpressionError(m, offset: nil, keyPath: "repeat.\(key)")
                }
            }
            return .periodic(count: count, delay: delay)
        case .array:
            throw fail("repeat", "expected a count, \"continuous\" or {\"periodic\": 2, \"delay\": 0.5}, not a list")
        }
    }
}
