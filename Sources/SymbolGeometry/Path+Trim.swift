extension Path {
    /// The part of this path between two fractions of its total length (0 = start, 1 = end),
    /// running across subpaths in order. Curves are split at the matching parameters, not
    /// flattened. `from ≤ 0` and `to ≥ 1` give the path unchanged (closes kept); an empty or
    /// reversed range, a NaN bound or a path of zero length gives an empty path, except the
    /// full range, which always returns `self`.
    package func trimmed(from: Double, to: Double) -> Path {
        if from.isNaN || to.isNaN { return Path() }
        if from <= 0 && to >= 1 { return self }
        let measure = PathMeasure(self)
        let total = measure.length
        guard total > 0, total.isFinite, to > from else { return Path() }
        let a = max(from, 0) * total, b = min(to, 1) * total
        var out = Path()
        var base = 0.0
        for i in 0..<measure.subpathCount {
            let len = measure.subpathLength(i)
            defer { base += len }
            let lo = max(a - base, 0), hi = min(b - base, len)
            guard hi > lo else { continue }
            measure.appendPiece(subpath: i, from: lo, to: hi, into: &out)
            if lo == 0 && hi == len && measure.isClosed(i) { out.appendClose() }
        }
        return out
    }
}
