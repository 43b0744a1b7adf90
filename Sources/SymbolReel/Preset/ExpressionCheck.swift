/// Checks effect, option and curve strings while a preset is read, so `validate` reports them
/// with the preset's positions. Returns a problem sentence, or nil when the string is usable.
enum ExpressionCheck {
    static func effect(_ s: String) -> String? { basic(s, what: "an effect such as \".bounce.up\"") }
    static func options(_ s: String) -> String? { basic(s, what: "options such as \".repeat(2)\"") }
    static func curve(_ s: String) -> String? { basic(s, what: "a curve such as \"easeInOut\"") }

    private static func basic(_ s: String, what: String) -> String? {
        if s.allSatisfy({ $0 == " " }) { return "is empty; write \(what)" }
        var depth = 0
        for ch in s {
            if ch == "(" { depth += 1 }
            if ch == ")" { depth -= 1; if depth < 0 { return "has an unmatched ')'" } }
        }
        return depth == 0 ? nil : "has an unclosed '('"
    }
}
