/// A malformed effect, options, curve or defaults expression. `message` is one sentence that
/// names the place (`unknown effect 'bounse' at 1; did you mean 'bounce'?`); `offset` is the
/// 0-based character offset in the string; `keyPath` names the key for the object form.
package struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    package let message: String
    package let offset: Int?
    package let keyPath: String?

    package init(_ message: String, offset: Int?, keyPath: String? = nil) {
        self.message = message
        self.offset = offset
        self.keyPath = keyPath
    }

    /// `problem at offset`, then `; did you mean 'x'?` when a candidate is close enough.
    static func at(_ offset: Int, _ problem: String, nearest name: String? = nil, in candidates: [String] = []) -> ExpressionError {
        var m = "\(problem) at \(offset)"
        if let name, let s = nearestName(to: name, in: candidates) { m += "; did you mean '\(s)'?" }
        return ExpressionError(m, offset: offset)
    }

    package var description: String { message }
}

/// The candidate nearest to `name` by edit distance (case-insensitive), when the distance is at
/// most a third of the longer name (and at least 2 edits are always allowed).
func nearestName(to name: String, in candidates: [String]) -> String? {
    let a = Array(name.lowercased())
    var best: (String, Int)?
    for c in candidates {
        let d = editDistance(a, Array(c.lowercased()))
        if best == nil || d < best!.1 { best = (c, d) }
    }
    guard let (s, d) = best, d <= max(2, max(a.count, s.count) / 3), d < max(a.count, 1) else { return nil }
    return s
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev2 = [Int](repeating: 0, count: b.count + 1)
    var prev = Array(0...b.count)
    var cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        cur[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cur[j] = min(cur[j], prev2[j - 2] + 1) }
        }
        (prev2, prev, cur) = (prev, cur, prev2)
    }
    return prev[b.count]
}
