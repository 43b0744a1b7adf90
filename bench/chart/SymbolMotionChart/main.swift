// SymbolMotionChart: docs/motion.png, our effect curves against the points measured on Apple's
// renderer (docs/effects.md, "Motion measured against Apple"), drawn with our own rasterizer,
// stroke font and PNG encoder. The curves come straight from the timeline (poses, no pixels).
// Usage: SymbolMotionChart OUT.png
import BenchChart
import Foundation
import SymbolEncodePNG
import SymbolGeometry
import SymbolRaster
import SymbolSVG
import SymbolTimeline

/// One measured point: a time and value, each with the range the recording allows.
struct Measured {
    var t: ClosedRange<Double>
    var v: ClosedRange<Double>
}

struct Panel {
    var title: String
    var effect: SymbolEffect
    var seconds: Double
    var range: ClosedRange<Double>
    var ticks: [Double]
    /// What is plotted: scale, opacity, or horizontal offset as a fraction of the guide width.
    var value: (SymbolPose) -> Double
    var measured: [Measured]
}

// A 100-unit square, one layer, filling its guide box: the whole-symbol curves.
let svg = """
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
<line id="Baseline-M" x1="0" x2="400" y1="200" y2="200"/><line id="Capline-M" x1="0" x2="400" y1="100" y2="100"/>
<line id="left-margin-Regular-M" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Regular-M" x1="200" x2="200" y1="0" y2="300"/>
<g id="Regular-M" transform="translate(100 200)"><path class="monochrome-0" d="M0 0 H100 V-100 H0 Z"/></g></svg>
"""
let doc = try SymbolReader.read(data: Array(svg.utf8), fileName: "square.svg")
let f = 1.0 / 30  // ±half a frame of the 15 fps recording, each side
let panels = [
    Panel(title: "BOUNCE (SCALE)", effect: SymbolEffect(.bounce(.up), scope: .wholeSymbol), seconds: 0.9, range: 0.85...1.3,
          ticks: [0.9, 1, 1.1, 1.2, 1.3], value: { $0.transform.meanScale },
          measured: [Measured(t: 0.17...0.20, v: 1.20...1.25), Measured(t: 0.37...0.43, v: 0.90...0.92),
                     Measured(t: 0.60...0.70, v: 1...1)]),
    Panel(title: "PULSE (OPACITY)", effect: SymbolEffect(.pulse, scope: .wholeSymbol), seconds: 2.4, range: 0...1.05,
          ticks: [0, 0.25, 0.5, 0.75, 1], value: { $0.opacity },
          measured: [0.25, 0.5, 0.75].map { Measured(t: ($0 - f)...($0 + f), v: (1 - 0.74 * [0.15, 0.53, 0.87][Int($0 * 4) - 1]).clamped()) }
            + [Measured(t: 0.97...1.03, v: 0.26...0.26)]
            + [1.25, 1.5, 1.75].map { Measured(t: ($0 - f)...($0 + f), v: (1 - 0.74 * [0.87, 0.53, 0.15][Int($0 * 4) - 5]).clamped()) }
            + [Measured(t: 1.95...2.05, v: 1...1)]),
    Panel(title: "BREATHE (SCALE)", effect: SymbolEffect(.breathe(pulse: false), scope: .wholeSymbol), seconds: 3, range: 0.95...1.25,
          ticks: [1, 1.1, 1.2], value: { $0.transform.meanScale },
          measured: [Measured(t: 1.17...1.23, v: 1.185...1.19), Measured(t: 2.5...2.65, v: 1...1)]),
    Panel(title: "WIGGLE (OFFSET / WIDTH)", effect: SymbolEffect(.wiggle(nil), scope: .wholeSymbol), seconds: 1, range: -0.07...0.07,
          ticks: [-0.06, -0.03, 0, 0.03, 0.06], value: { $0.transform.tx / 100 },
          measured: [Measured(t: 0.04...0.10, v: 0.0589...0.0589), Measured(t: 0.20...0.30, v: -0.0403 ... -0.0403),
                     Measured(t: 0.33...0.50, v: 0.0274...0.0274), Measured(t: 0.46...0.70, v: -0.0258 ... -0.0258),
                     Measured(t: 0.80...0.87, v: 0...0)]),
]

extension Double { func clamped() -> ClosedRange<Double> { self...self } }

let painter = Painter()
let (pw, ph) = (560.0, 320.0)
guard var bitmap = Bitmap(width: Int(pw * 2), height: Int(ph * 2) + 40) else { exit(70) }
bitmap.fill(r: 255, g: 255, b: 255, a: 255)
let ink = PremultipliedColor(red: 0.11, green: 0.11, blue: 0.12), muted = PremultipliedColor(red: 0.45, green: 0.45, blue: 0.48)
let grid = PremultipliedColor(red: 0.90, green: 0.90, blue: 0.92), ours = PremultipliedColor(red: 0.04, green: 0.52, blue: 1.0)
let apple = PremultipliedColor(red: 0.90, green: 0.25, blue: 0.22)
let appleBox = PremultipliedColor(red: 0.9 * 0.25, green: 0.25 * 0.25, blue: 0.22 * 0.25, alpha: 0.25)

@MainActor func stroke(_ points: [Point], _ width: Double, _ color: PremultipliedColor) {
    var b = PathBuilder()
    b.move(to: points[0])
    for p in points.dropFirst() { b.line(to: p) }
    painter.stroke(b.path, style: StrokeStyle(width: width, cap: .round, join: .round), paint: .solid(color), into: &bitmap)
}
@MainActor func fill(_ r: Rect, _ color: PremultipliedColor) {
    var b = PathBuilder()
    b.rect(r)
    painter.fill(b.path, paint: .solid(color), into: &bitmap)
}
@MainActor func text(_ s: String, _ at: Point, _ size: Double, _ color: PremultipliedColor, width: Double = 1.3) {
    painter.stroke(StrokeFont.path(s, at: at, size: size), style: StrokeStyle(width: width, cap: .round, join: .round),
                   paint: .solid(color), into: &bitmap)
}
@MainActor func label(_ v: Double) -> String {
    let r = (v * 1000).rounded() / 1000
    return r == r.rounded() ? String(Int(r)) : String(r)
}

for (k, panel) in panels.enumerated() {
    let ox = Double(k % 2) * pw, oy = Double(k / 2) * ph
    let plot = Rect(minX: ox + 60, minY: oy + 40, maxX: ox + pw - 20, maxY: oy + ph - 40)
    func x(_ t: Double) -> Double { plot.minX + t / panel.seconds * plot.width }
    func y(_ v: Double) -> Double { plot.maxY - (v - panel.range.lowerBound) / (panel.range.upperBound - panel.range.lowerBound) * plot.height }
    text(panel.title, Point(ox + 16, oy + 24), 12, ink, width: 1.8)
    for v in panel.ticks {
        stroke([Point(plot.minX, y(v).rounded() + 0.5), Point(plot.maxX, y(v).rounded() + 0.5)], 1, grid)
        text(label(v), Point(ox + 12, y(v) + 4), 9, muted)
    }
    for t in stride(from: 0.0, through: panel.seconds + 1e-9, by: panel.seconds > 2 ? 0.5 : 0.1) {
        stroke([Point(x(t).rounded() + 0.5, plot.minY), Point(x(t).rounded() + 0.5, plot.maxY)], 1, grid)
        text(label(t), Point(x(t) - 8, plot.maxY + 16), 9, muted)
    }
    text("S", Point(plot.maxX - 6, plot.maxY + 30), 9, muted)
    // Apple's measurements: the box each allows, and its middle.
    for m in panel.measured {
        fill(Rect(minX: x(m.t.lowerBound), minY: y(m.v.upperBound) - 3, maxX: x(m.t.upperBound), maxY: y(m.v.lowerBound) + 3), appleBox)
        let c = Point(x((m.t.lowerBound + m.t.upperBound) / 2), y((m.v.lowerBound + m.v.upperBound) / 2))
        stroke([Point(c.x - 4, c.y - 4), Point(c.x + 4, c.y + 4)], 2, apple)
        stroke([Point(c.x - 4, c.y + 4), Point(c.x + 4, c.y - 4)], 2, apple)
    }
    // Ours, from the timeline.
    let tl = try Timeline(documents: [doc], events: [.discrete(panel.effect, at: 0)])
    let samples = stride(from: 0.0, through: panel.seconds, by: panel.seconds / 600).map { t in
        Point(x(t), y(panel.value(tl.pose(atSeconds: t).symbols[0])))
    }
    stroke(samples, 2.2, ours)
}
// Legend.
let ly = ph * 2 + 22
stroke([Point(30, ly - 4), Point(60, ly - 4)], 2.2, ours)
text("OURS (TIMELINE)", Point(70, ly), 10, ink)
stroke([Point(256, ly - 8), Point(264, ly)], 2, apple)
stroke([Point(256, ly), Point(264, ly - 8)], 2, apple)
text("APPLE, MEASURED AT 15 FPS (BOX = WHAT THE RECORDING ALLOWS)", Point(276, ly), 10, ink)
do {
    try PNGStill.write(bitmap, to: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "docs/motion.png")
} catch {
    FileHandle.standardError.write(Data("SymbolMotionChart: \(error)\n".utf8))
    exit(73)
}
