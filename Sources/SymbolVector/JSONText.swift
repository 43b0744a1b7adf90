/// JSON written the same way every time: keys in the order given, numbers with at most a fixed
/// number of decimals and no exponent, no spaces. What the Lottie writer builds its file with
/// (Foundation's encoder would reorder keys and print binary fractions).
indirect enum JSONText {
    case number(Double, decimals: Int)
    case string(String)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])

    static func num(_ v: Double, _ decimals: Int = 3) -> JSONText { .number(v, decimals: decimals) }
    static func int(_ v: Int) -> JSONText { .number(Double(v), decimals: 0) }
    static func nums(_ v: [Double], _ decimals: Int = 3) -> JSONText { .array(v.map { .number($0, decimals: decimals) }) }

    func write(into out: inout String) {
        switch self {
        case .number(let v, let d): out += formatNumber(v, decimals: d)
        case .string(let s): JSONText.quote(s, into: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out += "," }
                JSONText.quote(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    var text: String {
        var s = ""
        write(into: &s)
        return s
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}

/// `v` rounded to `decimals` places, trailing zeros dropped, never an exponent or "-0"; NaN and
/// infinities (which no caller should pass) as 0.
func formatNumber(_ v: Double, decimals: Int) -> String {
    guard v.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(v) * scale).rounded()
    guard scaled < 9e15 else { return String(Int64(v.rounded())) }
    let units = UInt64(scaled)
    if units == 0 { return "0" }
    let whole = units / UInt64(scale), fraction = units % UInt64(scale)
    var s = (v < 0 ? "-" : "") + String(whole)
    if fraction > 0 {
        var digits = String(fraction)
        digits = String(repeating: "0", count: decimals - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        s += "." + digits
    }
    return s
}
