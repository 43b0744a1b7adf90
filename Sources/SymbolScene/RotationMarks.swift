/// `-sfsymbols-wiggle-style`: the way a Wiggle without a direction of its own moves a layer
/// (`clockwise` and `counterClockwise` turn it about its anchor; the others move it).
package enum WiggleStyle: String, Hashable, Sendable, CaseIterable {
    case clockwise, counterClockwise, left, right, up, down, forward, backward

    /// Reads `clockwise`, `counterclockwise`, `counter-clockwise`, `anticlockwise`, `left`, …
    /// (case, dashes and underscores ignored).
    package init?(css value: String) {
        let v = value.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " && $0 != "\"" && $0 != "'" }
        switch v {
        case "counterclockwise", "anticlockwise": self = .counterClockwise
        default:
            guard let s = WiggleStyle.allCases.first(where: { $0.rawValue.lowercased() == v }) else { return nil }
            self = s
        }
    }

    /// A turning wiggle.
    package var turns: Bool { self == .clockwise || self == .counterClockwise }
}
