#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Palette building for frames with more colours than the table holds: median cut in OKLab
// for a start, refined by k-means (Lloyd iterations) in OKLab. Colours that cover at least 1 %
// of the frame (flat fills, backgrounds, brand colours) are pinned: they enter the palette
// exactly and never move, so large areas keep their true colour and do not shimmer. With a
// seed (the previous palette) k-means starts from it instead of from median cut, so palettes
// change little from frame to frame.
//
// Cost on a 1080² gradient frame (≈ 20 000 distinct colours, release build): ≈ 40 ms a
// palette; palettes are rebuilt only when the current one no longer fits (see `GIFPalettes`).

enum ColorQuantizer {
    /// Histograms larger than this are merged to 6 bits a channel before clustering.
    static let maxEntries = 32768
    static let iterations = 6

    struct Entry {
        var lab: LabColor
        var weight: Float
    }

    /// At most `count` opaque colours for the histogram.
    static func palette(for histogram: [(colour: UInt32, count: Int)], count: Int, seed: [UInt32]?) -> [UInt32] {
        precondition(count >= 1)
        if histogram.count <= count { return histogram.map(\.colour) }
        let total = histogram.reduce(0) { $0 + $1.count }
        let pinned = histogram.filter { $0.count * 100 >= total }.sorted { $0.count > $1.count }
            .prefix(max(1, count / 4)).map(\.colour)
        let pinnedSet = Set(pinned)
        let entries = reduced(histogram.filter { !pinnedSet.contains($0.colour) })
        let free = count - pinned.count
        var centroids: [LabColor]
        if let seed, !seed.isEmpty {
            centroids = Array(seed.filter { $0 != 0 && !pinnedSet.contains($0) }.prefix(free).map(OKLab.from))
            if centroids.count < free {
                centroids += medianCut(entries, boxes: free - centroids.count)
            }
        } else {
            centroids = medianCut(entries, boxes: free)
        }
        let fixed = pinned.map(OKLab.from)
        refine(&centroids, fixed: fixed, entries: entries)
        var result = pinned
        var seen = pinnedSet
        for c in centroids {
            let p = OKLab.pixel(c)
            if seen.insert(p).inserted { result.append(p) }
        }
        return result
    }

    /// Weighted mean squared OKLab distance from each colour to its nearest palette entry.
    static func meanError(of histogram: [(colour: UInt32, count: Int)], search: inout NearestColorSearch, palette: [UInt32]) -> Float {
        var sum: Float = 0, weight: Float = 0
        for (colour, n) in histogram {
            let index = search.index(of: colour)
            sum += OKLab.from(colour).distanceSquared(OKLab.from(palette[Int(index)])) * Float(n)
            weight += Float(n)
        }
        return weight > 0 ? sum / weight : 0
    }

    /// Entries in OKLab, merged to 6 bits a channel when there are too many.
    private static func reduced(_ histogram: [(colour: UInt32, count: Int)]) -> [Entry] {
        guard histogram.count > maxEntries else {
            return histogram.map { Entry(lab: OKLab.from($0.colour), weight: Float($0.count)) }
        }
        var sums: [UInt32: (r: Int, g: Int, b: Int, n: Int)] = [:]
        for (c, n) in histogram {
            let key = c & 0x00FC_FCFC
            var s = sums[key] ?? (0, 0, 0, 0)
            s.r += Int(c & 0xFF) * n; s.g += Int(c >> 8 & 0xFF) * n; s.b += Int(c >> 16 & 0xFF) * n; s.n += n
            sums[key] = s
        }
        return sums.keys.sorted().map { key in
            let s = sums[key]!
            let r = Float(s.r) / Float(s.n), g = Float(s.g) / Float(s.n), b = Float(s.b) / Float(s.n)
            func lin(_ v: Float) -> Float {
                let c = v / 255
                return c <= 0.04045 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
            }
            return Entry(lab: OKLab.from(r: lin(r), g: lin(g), b: lin(b)), weight: Float(s.n))
        }
    }

    /// Median cut: split the box with the largest weighted squared error, along its axis of
    /// largest error, at the weighted median; return each box's weighted mean.
    static func medianCut(_ entries: [Entry], boxes wanted: Int) -> [LabColor] {
        guard !entries.isEmpty, wanted > 0 else { return [] }
        var items = entries
        var boxes: [Range<Int>] = [0..<items.count]
        func stats(_ r: Range<Int>) -> (mean: LabColor, sse: [Float]) {
            var w: Float = 0, l: Float = 0, a: Float = 0, b: Float = 0
            for e in items[r] { w += e.weight; l += e.lab.l * e.weight; a += e.lab.a * e.weight; b += e.lab.b * e.weight }
            let mean = LabColor(l: l / w, a: a / w, b: b / w)
            var sse: [Float] = [0, 0, 0]
            for e in items[r] {
                sse[0] += (e.lab.l - mean.l) * (e.lab.l - mean.l) * e.weight
                sse[1] += (e.lab.a - mean.a) * (e.lab.a - mean.a) * e.weight
                sse[2] += (e.lab.b - mean.b) * (e.lab.b - mean.b) * e.weight
            }
            return (mean, sse)
        }
        var boxStats = [stats(boxes[0])]
        while boxes.count < wanted {
            var best = -1
            var bestError: Float = 0
            for (i, s) in boxStats.enumerated() where boxes[i].count > 1 {
                let e = s.sse[0] + s.sse[1] + s.sse[2]
                if e > bestError { bestError = e; best = i }
            }
            guard best >= 0 else { break }
            let range = boxes[best]
            let sse = boxStats[best].sse
            let axis = sse[0] >= sse[1] && sse[0] >= sse[2] ? 0 : (sse[1] >= sse[2] ? 1 : 2)
            func key(_ e: Entry) -> Float { axis == 0 ? e.lab.l : (axis == 1 ? e.lab.a : e.lab.b) }
            items[range].sort { key($0) < key($1) }
            let half = items[range].reduce(Float(0)) { $0 + $1.weight } / 2
            var acc: Float = 0
            var split = range.lowerBound + 1
            for i in range {
                acc += items[i].weight
                if acc >= half { split = min(max(i + 1, range.lowerBound + 1), range.upperBound - 1); break }
            }
            boxes[best] = range.lowerBound..<split
            boxes.append(split..<range.upperBound)
            boxStats[best] = stats(boxes[best])
            boxStats.append(stats(boxes[boxes.count - 1]))
        }
        return boxStats.map(\.mean)
    }

    /// Lloyd iterations: assign every entry to its nearest centroid (free or fixed), move the
    /// free centroids to the weighted mean of their entries.
    static func refine(_ centroids: inout [LabColor], fixed: [LabColor], entries: [Entry]) {
        guard !centroids.isEmpty else { return }
        for _ in 0..<iterations {
            let all = centroids + fixed
            var sums = [(l: Float, a: Float, b: Float, w: Float)](repeating: (0, 0, 0, 0), count: centroids.count)
            let search = LabSearch(all)
            for e in entries {
                let k = search.nearest(e.lab)
                guard k < centroids.count else { continue }
                sums[k].l += e.lab.l * e.weight; sums[k].a += e.lab.a * e.weight
                sums[k].b += e.lab.b * e.weight; sums[k].w += e.weight
            }
            var moved: Float = 0
            for k in centroids.indices where sums[k].w > 0 {
                let next = LabColor(l: sums[k].l / sums[k].w, a: sums[k].a / sums[k].w, b: sums[k].b / sums[k].w)
                moved = max(moved, next.distanceSquared(centroids[k]))
                centroids[k] = next
            }
            if moved < 1e-8 { break }
        }
    }
}

/// Nearest of a few hundred OKLab points, sorted by lightness and searched outward.
struct LabSearch {
    private let labs: [LabColor]
    private let order: [Int]

    init(_ points: [LabColor]) {
        order = points.indices.sorted { points[$0].l < points[$1].l }
        labs = order.map { points[$0] }
    }

    func nearest(_ q: LabColor) -> Int {
        var lo = 0, hi = labs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if labs[mid].l < q.l { lo = mid + 1 } else { hi = mid }
        }
        var best = Float.infinity, bestK = 0
        var up = lo, down = lo - 1
        while up < labs.count || down >= 0 {
            if up < labs.count {
                let dl = labs[up].l - q.l
                if dl * dl > best { up = labs.count } else {
                    let d = labs[up].distanceSquared(q)
                    if d < best { best = d; bestK = up }
                    up += 1
                }
            }
            if down >= 0 {
                let dl = q.l - labs[down].l
                if dl * dl > best { down = -1 } else {
                    let d = labs[down].distanceSquared(q)
                    if d < best { best = d; bestK = down }
                    down -= 1
                }
            }
        }
        return order[bestK]
    }
}
