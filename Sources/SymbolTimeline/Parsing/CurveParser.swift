extension Curve {
    /// The curve names, for listings and suggestions.
    package static let names = ["linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring",
                               "smooth", "snappy", "bouncy", "move"]

    /// Reads `linear`, `easeInOut`, `.timingCurve(0.2, 0, 0.2, 1)`, `.spring(duration: 0.3, bounce: 0.4)`,
    /// `.smooth`, `.snappy(duration: 0.4, extraBounce: 0.1)`, `.bouncy`, `move`. Throws `ExpressionError`.
    package init(parsing text: String) throws {
        let chain = try ExpressionParser.parse(text, expecting: "a curve such as easeInOut")
        if chain.members.count > 1 {
            let m = chain.members[1]
            throw ExpressionError.at(m.offset, "unexpected '\(m.name)' after a curve; a curve takes no modifiers here")
        }
        self = try CurveGrammar.base(chain.members[0], names: Curve.names, allowDuration: false).curve
    }
}

extension Keyframe.Interpolation {
    /// A keyframe's curve: every `Curve` spelling, plus `cubic`. Throws `ExpressionError`.
    package init(parsing text: String) throws {
        let chain = try ExpressionParser.parse(text, expecting: "a keyframe curve such as linear or cubic")
        if chain.members.count == 1, chain.members[0].name == "cubic" {
            if chain.members[0].arguments != nil {
                throw ExpressionError.at(chain.members[0].parenOffset, "'cubic' takes no arguments")
            }
            self = .cubic
            return
        }
        if chain.members.count > 1 {
            let m = chain.members[1]
            throw ExpressionError.at(m.offset, "unexpected '\(m.name)' after a curve; a curve takes no modifiers here")
        }
        self = .curve(try CurveGrammar.base(chain.members[0], names: Curve.names + ["cubic"], allowDuration: false).curve)
    }
}

extension Animation {
    /// Reads SwiftUI's spelling: `.easeInOut(duration: 0.3)`, `.spring(duration: 0.4, bounce: 0.2)`,
    /// `.linear(duration: 1).delay(0.2).repeatCount(3, autoreverses: false).speed(2)`,
    /// `.smooth.repeatForever(autoreverses: true)`. Throws `ExpressionError`.
    package init(parsing text: String) throws {
        let chain = try ExpressionParser.parse(text, expecting: "an animation such as .easeInOut(duration: 0.3)")
        let (curve, duration) = try CurveGrammar.base(chain.members[0], names: Curve.names, allowDuration: true)
        var a = Animation(curve: curve, duration: duration ?? 0.35)
        for m in chain.members.dropFirst() {
            let args = m.arguments ?? []
            switch m.name {
            case "delay", "speed":
                guard args.count == 1, args[0].label == nil, case .number(let x, let at) = args[0].value else {
                    throw ExpressionError.at(m.arguments == nil ? m.offset : m.parenOffset, "'\(m.name)' needs one number")
                }
                guard x.isFinite, m.name == "delay" ? x >= 0 : x > 0 else {
                    throw ExpressionError.at(at, m.name == "delay" ? "the delay must be 0 or more seconds" : "the speed must be greater than 0")
                }
                a = m.name == "delay" ? a.delay(x) : a.speed(x)
            case "repeatCount", "repeatForever":
                var count: Int?, reverses = true
                for (i, arg) in args.enumerated() {
                    if arg.label == nil, i == 0, m.name == "repeatCount", case .number(let n, let at) = arg.value {
                        guard n >= 1, n == n.rounded(), n < 1e9 else {
                            throw ExpressionError.at(at, "the repeat count must be a whole number of at least 1, not \(format(n))")
                        }
                        count = Int(n)
                    } else if arg.label == "autoreverses", case .chain(let c) = arg.value, c.members.count == 1,
                              ["true", "false"].contains(c.members[0].name) {
                        reverses = c.members[0].name == "true"
                    } else {
                        throw ExpressionError.at(arg.offset, m.name == "repeatCount" ? "expected .repeatCount(3, autoreverses: true)"
                                                                                     : "expected .repeatForever(autoreverses: true)")
                    }
                }
                if m.name == "repeatCount" {
                    guard let count else { throw ExpressionError.at(m.parenOffset, "'repeatCount' needs a count") }
                    a = a.repeatCount(count, autoreverses: reverses)
                } else {
                    a = a.repeatForever(autoreverses: reverses)
                }
            default:
                throw ExpressionError.at(m.offset, "unknown animation modifier '\(m.name)'", nearest: m.name,
                                         in: ["delay", "speed", "repeatCount", "repeatForever"])
            }
        }
        self = a
    }
}

enum CurveGrammar {
    /// One curve member; `allowDuration` accepts `duration:` on Bézier curves (animations).
    static func base(_ m: SyntaxMember, names: [String], allowDuration: Bool) throws -> (curve: Curve, duration: Double?) {
        var args = ArgumentReader(member: m)
        let curve: Curve
        switch m.name {
        case "linear", "easeIn", "easeOut", "easeInOut", "move":
            curve = ["linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut, "move": .move][m.name]!
        case "timingCurve":
            var p: [Double] = []
            for i in 0..<4 {
                guard let x = try args.unlabelled() else {
                    throw ExpressionError.at(m.arguments == nil ? m.offset : m.parenOffset, "'timingCurve' needs 4 numbers: .timingCurve(0.2, 0, 0.2, 1)")
                }
                if i % 2 == 0, !(0...1).contains(x.value) {
                    throw ExpressionError.at(x.offset, "x\(i / 2 + 1) of 'timingCurve' must be between 0 and 1, not \(format(x.value))")
                }
                p.append(x.value)
            }
            curve = .timingCurve(p[0], p[1], p[2], p[3])
        case "spring", "smooth", "snappy", "bouncy":
            let base = ["spring": 0, "smooth": 0, "snappy": 0.15, "bouncy": 0.3][m.name]!
            let d = try args.labelled("duration") ?? 0.5
            guard d > 0 else { throw ExpressionError.at(args.lastOffset, "the spring's duration must be greater than 0") }
            let b = try args.labelled(m.name == "spring" ? "bounce" : "extraBounce") ?? 0
            guard base + b > -1, base + b < 1 else {
                throw ExpressionError.at(args.lastOffset, "the bounce must be between -1 and 1, not \(format(base + b))")
            }
            curve = .spring(Spring(duration: d, bounce: base + b))
        default:
            throw ExpressionError.at(m.offset, "unknown curve '\(m.name)'", nearest: m.name, in: names)
        }
        var duration: Double?
        if allowDuration, curve.intrinsicDuration == nil, curve != .move, let d = try args.labelled("duration") {
            guard d >= 0 else { throw ExpressionError.at(args.lastOffset, "the duration must be 0 or more seconds") }
            duration = d
        }
        var labels: [String] = []
        if case .spring = curve { labels = ["duration", m.name == "spring" ? "bounce" : "extraBounce"] }
        if allowDuration, curve.intrinsicDuration == nil, curve != .move { labels.append("duration") }
        try args.finish(labels: labels)
        return (curve, duration)
    }
}

/// Reads a member's arguments: unlabelled ones in order from the start, labelled ones by name in
/// any order; `finish` reports the first one nobody asked for.
private struct ArgumentReader {
    let member: SyntaxMember
    private var used: Set<Int> = []
    private(set) var lastOffset: Int

    init(member: SyntaxMember) {
        self.member = member
        self.lastOffset = member.parenOffset
    }

    private var args: [SyntaxArgument] { member.arguments ?? [] }

    mutating func unlabelled() throws -> (value: Double, offset: Int)? {
        guard let i = args.indices.first(where: { !used.contains($0) }), args[i].label == nil else { return nil }
        return try number(i)
    }

    mutating func labelled(_ label: String) throws -> Double? {
        guard let i = args.firstIndex(where: { $0.label == label }) else { return nil }
        return try number(i).value
    }

    private mutating func number(_ i: Int) throws -> (value: Double, offset: Int) {
        guard case .number(let v, let at) = args[i].value, v.isFinite else {
            throw ExpressionError.at(args[i].value.offset, "expected a number")
        }
        used.insert(i)
        lastOffset = at
        return (v, at)
    }

    func finish(labels: [String]) throws {
        guard let i = args.indices.first(where: { !used.contains($0) }) else { return }
        let a = args[i]
        guard let label = a.label else {
            throw labels.isEmpty ? ExpressionError.at(member.parenOffset, "'\(member.name)' takes no arguments here")
                                 : ExpressionError.at(a.offset, "unexpected argument without a label")
        }
        throw ExpressionError.at(a.offset, "unexpected argument '\(label)' of '\(member.name)'", nearest: label, in: labels)
    }
}
