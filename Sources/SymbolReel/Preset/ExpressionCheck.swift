import SymbolTimeline

/// Checks effect, option and curve strings while a preset is read, with the timeline's own
/// parsers, so `validate` reports them at the preset's positions. Returns the problem and its
/// character offset in the string, or nil when the string is usable.
enum ExpressionCheck {
    typealias Problem = (message: String, offset: Int?)

    static func effect(_ s: String) -> Problem? { check(s, what: "an effect such as \".bounce.up\"") { _ = try EffectCall(parsing: $0) } }
    static func options(_ s: String) -> Problem? { check(s, what: "options such as \".repeat(2)\"") { _ = try SymbolEffectOptions(parsing: $0) } }
    static func curve(_ s: String) -> Problem? { check(s, what: "a curve such as \"easeInOut\"") { _ = try Keyframe.Interpolation(parsing: $0) } }

    private static func check(_ s: String, what: String, _ parse: (String) throws -> Void) -> Problem? {
        if s.allSatisfy({ $0 == " " }) { return ("is empty; write \(what)", nil) }
        do {
            try parse(s)
            return nil
        } catch let e as ExpressionError {
            return (e.message, e.offset)
        } catch {
            return ("\(error)", nil)
        }
    }
}
