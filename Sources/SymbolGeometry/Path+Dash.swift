extension Path {
    /// Upper bound on dashes one call produces; past it the path is returned undashed
    /// (a pattern far finer than a pixel is not worth millions of subpaths).
    static let maxDashes = 200_000

    /// This path cut into dashes: `dashes` alternates on and off lengths (an odd count is
    /// repeated, as SVG says); `offset` is how far into the pattern each subpath starts
    /// (negative and huge offsets wrap). The pattern continues across segments and restarts on
    /// every subpath. On a closed subpath a dash running over the end joins the first one.
    /// An empty pattern, a negative or non-finite length, or an all-zero pattern returns the
    /// path unchanged. Zero-length dashes become zero-length subpaths (dots under round caps).
    package func dashed(_ dashes: [Double], offset: Double) -> Path {
        guard !dashes.isEmpty, dashes.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return self }
        let pattern = dashes.count % 2 == 1 ? dashes + dashes : dashes
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite else { return self }
        let measure = PathMeasure(self)
        guard measure.length.isFinite else { return self }
        if measure.length / period * Double(pattern.count) > Double(Path.maxDashes) { return self }

        var phase = offset.isFinite ? offset.truncatingRemainder(dividingBy: period) : 0
        if phase < 0 { phase += period }
        // Where in the pattern a subpath starts: entry index and what remains of that entry.
        var startIndex = 0
        while phase >= pattern[startIndex] && phase > 0 {
            phase -= pattern[startIndex]
            startIndex = (startIndex + 1) % pattern.count
        }
        let startRemaining = pattern[startIndex] - phase

        var out = Path()
        var pieces: [(Double, Double)] = []
        for sub in 0..<measure.subpathCount {
            let len = measure.subpathLength(sub)
            pieces.removeAll(keepingCapacity: true)
            var index = startIndex, remaining = startRemaining, d = 0.0
            while d < len {
                if index % 2 == 0 { pieces.append((d, min(d + remaining, len))) }
                d += remaining
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            if measure.isClosed(sub), pieces.count > 1, pieces[0].0 == 0, startIndex % 2 == 0,
               let last = pieces.last, last.1 == len {
                // The dash crossing the closing point is one dash: draw last then first together.
                measure.appendPiece(subpath: sub, from: last.0, to: len, into: &out)
                measure.appendPiece(subpath: sub, from: 0, to: pieces[0].1, continuing: true, into: &out)
                pieces.removeFirst()
                pieces.removeLast()
            }
            for (a, b) in pieces { measure.appendPiece(subpath: sub, from: a, to: b, into: &out) }
        }
        return out
    }
}
