/// One bar of the benchmark chart: a ratio from `make bench`, in a group (one per report
/// section), with the target an issue gave for it, if any.
package struct ChartRow: Hashable, Sendable {
    package var group: String
    package var label: String
    package var value: Double
    /// The issue's target for this ratio; nil when the row is only reported.
    package var target: Double?
    /// Speed-ups are better high; ours / reference times are better low.
    package var higherIsBetter: Bool

    package init(group: String, label: String, value: Double, target: Double? = nil, higherIsBetter: Bool = false) {
        self.group = group; self.label = label; self.value = value
        self.target = target; self.higherIsBetter = higherIsBetter
    }

    /// Whether the target is met; nil without a target.
    package var meetsTarget: Bool? {
        guard let t = target else { return nil }
        return higherIsBetter ? value >= t : value <= t
    }

    /// Reads the TSV the bench scripts append to: `GROUP<TAB>LABEL<TAB>VALUE[<TAB>TARGET[<TAB>lower|higher]]`,
    /// one row a line; `#` lines and blank lines are skipped; `-` or an empty TARGET means none.
    package static func parseTSV(_ text: String) throws -> [ChartRow] {
        var rows: [ChartRow] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.isEmpty || line.hasPrefix("#") { continue }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let where_ = "line \(i + 1)"
            guard f.count >= 3 else { throw ChartError("\(where_): expected GROUP, LABEL and VALUE separated by tabs") }
            guard let value = Double(f[2]), value.isFinite, value >= 0 else {
                throw ChartError("\(where_): value '\(f[2])' is not a non-negative number")
            }
            var target: Double?
            if f.count >= 4, !f[3].isEmpty, f[3] != "-" {
                guard let t = Double(f[3]), t.isFinite, t >= 0 else { throw ChartError("\(where_): target '\(f[3])' is not a number") }
                target = t
            }
            var higher = false
            if f.count >= 5 {
                switch f[4] {
                case "higher": higher = true
                case "lower", "": higher = false
                default: throw ChartError("\(where_): direction '\(f[4])' must be 'lower' or 'higher'")
                }
            }
            rows.append(ChartRow(group: f[0], label: f[1], value: value, target: target, higherIsBetter: higher))
        }
        return rows
    }
}

/// A chart input that cannot be used, with a sentence saying where and why.
package struct ChartError: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}
