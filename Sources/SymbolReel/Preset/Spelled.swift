import SymbolTimeline

/// A value written in Apple's spelling (`.bounce.up`, `.repeat(2)`, `.spring(duration: 0.4)`),
/// readable from its text.
package protocol AppleSpelling: Sendable {
    init(parsing text: String) throws
    /// What to write instead, for an empty text: "an effect such as \".bounce.up\"".
    static var spellingExample: String { get }
}

extension EffectCall: AppleSpelling {
    package static var spellingExample: String { "an effect such as \".bounce.up\"" }
}

extension SymbolEffectOptions: AppleSpelling {
    package static var spellingExample: String { "options such as \".repeat(2)\"" }
}

extension Keyframe.Interpolation: AppleSpelling {
    package static var spellingExample: String { "a curve such as \"easeInOut\"" }
}

/// Text in Apple's spelling as a preset holds it, read once, when it is made: the text (what a
/// preset writes back) and the value it names, or the error saying why it names none. The
/// preset reader reports that error at the string's place in the file; a clip takes the value
/// without reading the text again. Two are equal when their texts are.
///
/// A string literal makes one: `.effect(at: 0, effect: ".bounce.up", options: .expression(".repeat(2)"))`.
package struct Spelled<Value: AppleSpelling>: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    package let text: String
    private let parsed: Result<Value, ExpressionError>

    package init(_ text: String) {
        self.text = text
        if text.allSatisfy({ $0 == " " }) {
            parsed = .failure(ExpressionError("is empty; write \(Value.spellingExample)", offset: nil))
            return
        }
        do {
            parsed = .success(try Value(parsing: text))
        } catch let e as ExpressionError {
            parsed = .failure(e)
        } catch {
            parsed = .failure(ExpressionError("\(error)", offset: nil))
        }
    }

    package init(stringLiteral text: String) { self.init(text) }

    /// The value the text names; throws the `ExpressionError` that says why it names none.
    package func value() throws(ExpressionError) -> Value { try parsed.get() }

    /// Why the text names no value, or nil when it does.
    package var error: ExpressionError? {
        if case .failure(let e) = parsed { return e }
        return nil
    }

    package var description: String { text }
    package static func == (a: Spelled, b: Spelled) -> Bool { a.text == b.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
