import SymbolGeometry
import SymbolRaster

/// Draws a `ChartLayout` into a bitmap with our own rasterizer: bars are filled rectangles,
/// lines and labels are stroked polylines (StrokeFont).
package struct ChartRenderer {
    static let background = PremultipliedColor(red: 1, green: 1, blue: 1)
    static let ink = PremultipliedColor(red: 0.11, green: 0.11, blue: 0.12)
    static let muted = PremultipliedColor(red: 0.45, green: 0.45, blue: 0.48)
    static let grid = PremultipliedColor(red: 0.90, green: 0.90, blue: 0.92)
    static let met = PremultipliedColor(red: 0.20, green: 0.70, blue: 0.35)
    static let missed = PremultipliedColor(red: 0.90, green: 0.25, blue: 0.22)
    static let untracked = PremultipliedColor(red: 0.04, green: 0.52, blue: 1.0)

    package let layout: ChartLayout
    package let title: String
    let painter = Painter()

    package init(rows: [ChartRow], title: String, width: Double = 1000) {
        layout = ChartLayout(rows: rows, width: width)
        self.title = title
    }

    /// The bar colour: green when the target is met, red when not, blue without a target.
    static func color(_ row: ChartRow) -> PremultipliedColor {
        switch row.meetsTarget {
        case true?: return met
        case false?: return missed
        case nil: return untracked
        }
    }

    package func render() -> Bitmap? {
        let l = layout
        guard var bitmap = Bitmap(width: Int(l.width), height: Int(l.height.rounded(.up))) else { return nil }
        bitmap.fill(r: 255, g: 255, b: 255, a: 255)
        text(title, at: Point(16, 26), size: 15, width: 2, color: Self.ink, into: &bitmap)
        // Grid and axis labels.
        for v in l.gridValues {
            let x = l.x(v).rounded() + 0.5
            line(Point(x, l.top + 8), Point(x, l.plotBottom), width: 1, color: Self.grid, into: &bitmap)
            let label = v == v.rounded() ? String(Int(v)) : String(v)
            text(label, at: Point(x - StrokeFont.width(of: label, size: 10) / 2, l.plotBottom + 16), size: 10,
                 width: 1.3, color: Self.muted, into: &bitmap)
        }
        for item in l.lines {
            switch item {
            case .heading(let name, let baseline):
                text(name, at: Point(16, baseline), size: l.headingSize, width: 1.9, color: Self.ink, into: &bitmap)
            case .bar(let row, let top):
                text(row.label, at: Point(28, top + l.barHeight - 1), size: l.labelSize, width: 1.4, color: Self.ink,
                     into: &bitmap)
                var b = PathBuilder()
                b.rect(l.barRect(row, top: top))
                painter.fill(b.path, paint: .solid(Self.color(row)), into: &bitmap)
                if row.value > l.scaleMax {  // cut: a white notch near the end says so
                    line(Point(l.axisRight - 6, top - 1), Point(l.axisRight - 10, top + l.barHeight + 1), width: 2,
                         color: Self.background, into: &bitmap)
                }
                if let t = row.target {
                    let x = l.x(t)
                    line(Point(x, top - 3), Point(x, top + l.barHeight + 3), width: 2, color: Self.ink, into: &bitmap)
                }
                // Numbers in their own column right of the axis, clear of the lines.
                let number = format(row.value)
                text(number, at: Point(l.width - 16 - StrokeFont.width(of: number, size: l.labelSize), top + l.barHeight - 1),
                     size: l.labelSize, width: 1.4, color: Self.ink, into: &bitmap)
            }
        }
        // The reference line at 1.0, over the bars.
        let one = l.x(1).rounded()
        line(Point(one, l.top + 8), Point(one, l.plotBottom), width: 1.5, color: Self.ink, into: &bitmap)
        legend(into: &bitmap)
        return bitmap
    }

    private func legend(into bitmap: inout Bitmap) {
        var x = 28.0
        let y = layout.plotBottom + 44
        for (color, name) in [(Self.met, "TARGET MET"), (Self.missed, "TARGET NOT MET"), (Self.untracked, "NO TARGET")] {
            var b = PathBuilder()
            b.rect(Rect(x: x, y: y - 10, width: 14, height: 10))
            painter.fill(b.path, paint: .solid(color), into: &bitmap)
            text(name, at: Point(x + 22, y), size: 10, width: 1.3, color: Self.ink, into: &bitmap)
            x += 44 + StrokeFont.width(of: name, size: 10)
        }
        line(Point(x + 6, y - 13), Point(x + 6, y + 3), width: 2, color: Self.ink, into: &bitmap)
        text("TARGET    BLACK LINE AT 1 = PARITY WITH THE REFERENCE", at: Point(x + 20, y), size: 10, width: 1.3,
             color: Self.ink, into: &bitmap)
    }

    private func format(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        let frac = hundredths % 100
        return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
    }

    private func line(_ a: Point, _ b: Point, width: Double, color: PremultipliedColor, into bitmap: inout Bitmap) {
        var p = PathBuilder()
        p.move(to: a)
        p.line(to: b)
        painter.stroke(p.path, style: StrokeStyle(width: width), paint: .solid(color), into: &bitmap)
    }

    private func text(_ s: String, at origin: Point, size: Double, width: Double, color: PremultipliedColor,
                      into bitmap: inout Bitmap) {
        painter.stroke(StrokeFont.path(s, at: origin, size: size),
                       style: StrokeStyle(width: width, cap: .round, join: .round), paint: .solid(color), into: &bitmap)
    }
}
