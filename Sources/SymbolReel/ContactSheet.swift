import SymbolRender

/// A grid of a clip's frames with their times, for review.
package enum ContactSheet {
    /// Frames `indices` of `clip`, `columns` across, each `cellWidth` pixels wide, over white,
    /// each labelled with its time and index. nil when the sheet would be too large.
    package static func make(_ clip: Clip, indices: [Int], columns: Int, cellWidth: Int = 200) -> Bitmap? {
        guard !indices.isEmpty, columns > 0 else { return nil }
        let cols = min(columns, indices.count)
        let rows = (indices.count + cols - 1) / cols
        let settings = clip.resizedSettings(width: cellWidth, minimumHeight: Limits.side.lowerBound)
        let (cellWidth, cellHeight) = (settings.width, settings.height)
        let label = 18, gap = 6
        let width = cols * cellWidth + (cols + 1) * gap
        let height = rows * (cellHeight + label) + (rows + 1) * gap
        guard var sheet = Bitmap(width: width, height: height) else { return nil }
        sheet.fill(r: 255, g: 255, b: 255, a: 255)
        let painter = Painter()
        let plan = RenderPlan(documents: clip.documents, settings: settings)
        let renderer = FrameRenderer()
        guard var cell = Bitmap(width: cellWidth, height: cellHeight) else { return nil }
        for (k, index) in indices.enumerated() {
            let x = gap + (k % cols) * (cellWidth + gap)
            let y = gap + (k / cols) * (cellHeight + label + gap)
            renderer.draw(clip.picture(atSeconds: clip.time(ofFrame: index).seconds, plan: plan), into: &cell)
            // A light frame around each cell shows its extent on a transparent background.
            var border = PathBuilder()
            border.rect(Rect(x: Double(x) - 0.5, y: Double(y) - 0.5, width: Double(cellWidth) + 1, height: Double(cellHeight) + 1))
            painter.stroke(border.path, style: StrokeStyle(width: 1), paint: .solid(PremultipliedColor(red: 0.85, green: 0.85, blue: 0.85)),
                           into: &sheet)
            blit(cell, onto: &sheet, x: x, y: y, painter: painter)
            let seconds = clip.time(ofFrame: index).seconds
            let text = "\(format(seconds))s #\(index)"
            LabelFont.draw(text, x: Double(x + 2), y: Double(y + cellHeight + 4), height: 10, painter: painter, into: &sheet)
        }
        return sheet
    }

    /// Evenly spaced frame indices: at most `count`, first and last included.
    package static func indices(frameCount: Int, count: Int) -> [Int] {
        guard frameCount > 1, count > 1 else { return [0] }
        let n = min(count, frameCount)
        return (0..<n).map { Int((Double($0) * Double(frameCount - 1) / Double(n - 1)).rounded()) }
    }

    private static func blit(_ cell: Bitmap, onto sheet: inout Bitmap, x: Int, y: Int, painter: Painter) {
        guard var placed = Bitmap(width: sheet.width, height: sheet.height) else { return }
        for row in 0..<cell.height where y + row < sheet.height {
            let src = row * cell.bytesPerRow, dst = (y + row) * placed.bytesPerRow + x * 4
            let n = min(cell.width, sheet.width - x) * 4
            placed.pixels.replaceSubrange(dst..<(dst + n), with: cell.pixels[src..<(src + n)])
        }
        painter.composite(placed, onto: &sheet)
    }

    private static func format(_ s: Double) -> String {
        let ms = Int((s * 1000).rounded())
        let frac = ms % 1000
        return "\(ms / 1000)." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + "\(frac)"
    }
}

/// A 3×5 pixel font for digits and a few signs, drawn as filled rectangles: enough to label
/// frames with their times without a font engine.
enum LabelFont {
    private static let glyphs: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"], "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"], "3": ["###", "..#", ".##", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"], "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"], "7": ["###", "..#", ".#.", ".#.", ".#."],
        "8": ["###", "#.#", "###", "#.#", "###"], "9": ["###", "#.#", "###", "..#", "###"],
        ".": ["...", "...", "...", "...", ".#."], "s": ["...", ".##", "#..", "..#", "##."],
        "#": ["#.#", "###", "#.#", "###", "#.#"], " ": ["...", "...", "...", "...", "..."],
    ]

    static func draw(_ text: String, x: Double, y: Double, height: Double, painter: Painter, into bitmap: inout Bitmap) {
        let unit = height / 5
        var b = PathBuilder()
        var cx = x
        for ch in text {
            guard let rows = glyphs[ch] else { cx += 4 * unit; continue }
            for (r, row) in rows.enumerated() {
                for (c, on) in row.enumerated() where on == "#" {
                    b.rect(Rect(x: cx + Double(c) * unit, y: y + Double(r) * unit, width: unit, height: unit))
                }
            }
            cx += 4 * unit
        }
        painter.fill(b.path, paint: .solid(PremultipliedColor(red: 0.3, green: 0.3, blue: 0.3)), into: &bitmap)
    }
}
