// SymbolMotionChart: docs/motion.png, our effect curves against the points measured on Apple's
// renderer (docs/effects.md, "Motion measured against Apple"; SF Symbols app and WWDC recordings),
// drawn with our own rasterizer, stroke font and PNG encoder. The curves come straight from the
// timeline (poses, no pixels). Usage: SymbolMotionChart OUT.png
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
    var timeline: Timeline
    var seconds: Double
    var range: ClosedRange<Double>
    var ticks: [Double]
    /// What is plotted, one curve each: scale, opacity, degrees, offset as a share of the width.
    var curves: [(Pose) -> Double]
    var measured: [Measured]
}

/// A guide box 100 units square (x 0…100, y −100…0) holding `paths`.
func svg(_ paths: String) -> [UInt8] {
    let text = """
    <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <line id="Baseline-M" x1="0" x2="400" y1="200" y2="200"/><line id="Capline-M" x1="0" x2="400" y1="100" y2="100"/>
    <line id="left-margin-Regular-M" x1="100" x2="100" y1="0" y2="300"/><line id="right-margin-Regular-M" x1="200" x2="200" y1="0" y2="300"/>
    <g id="Regular-M" transform="translate(100 200)">\(paths)</g></svg>
    """
    return Array(text.utf8)
}
/// `n` bars in a row, one layer each: Variable Color's layers.
func bars(_ n: Int) -> [UInt8] {
    svg((0..<n).map { k in
        let x = 4 + 92 * Double(k) / Double(n - 1)
        return #"<path class="monochrome-\#(k)" d="M\#(x - 4) -40 H\#(x + 4) V-60 H\#(x - 4) Z"/>"#
    }.joined())
}
let doc = try SymbolReader.read(data: svg(#"<path class="monochrome-0" d="M0 0 H100 V-100 H0 Z"/>"#), fileName: "square.svg")
let other = try SymbolReader.read(data: svg(#"<path class="monochrome-0" d="M50 0 L100 -50 L50 -100 L0 -50 Z"/>"#), fileName: "diamond.svg")
let six = try SymbolReader.read(data: bars(6), fileName: "six.svg"), five = try SymbolReader.read(data: bars(5), fileName: "five.svg")
// Apple's times run from the first visible change of a 30 fps recording, on average half a
// frame after the start: they are drawn that much later; each box is ±1 frame (or the range).
let f = 1.0 / 30, h = 1.0 / 60
func at(_ t: ClosedRange<Double>, _ v: ClosedRange<Double>) -> Measured { Measured(t: (t.lowerBound + h - f)...(t.upperBound + h + f), v: v) }
func at(_ t: Double, _ v: Double) -> Measured { at(t...t, v...v) }
func whole(_ e: SymbolEffect.Kind) -> SymbolEffect { SymbolEffect(e, scope: .wholeSymbol) }
func scale(_ p: Pose) -> Double { p.symbols.last { $0.opacity > 0 }?.transform.meanScale ?? 1 }
/// The turn in 0…360 (a whole turn reads 360 once the first second is past).
func degrees(_ p: Pose) -> Double {
    let t = p.symbols[0].transform, a = atan2(t.b, t.a) * 180 / .pi
    return a < -1e-6 ? a + 360 : (a < 1e-6 && p.seconds > 1 ? 360 : a)
}
/// The angle in 0…360, wrapping.
func wrapped(_ p: Pose) -> Double {
    let t = p.symbols[0].transform, a = atan2(t.b, t.a) * 180 / .pi
    return a < -1e-6 ? a + 360 : a
}
func tilt(_ p: Pose) -> Double { atan2(p.symbols[0].transform.b, p.symbols[0].transform.a) * 180 / .pi }
func layerOpacity(_ k: Int) -> (Pose) -> Double { { $0.symbols[0].layers[k].opacity } }
// Magic Replace: a square both symbols share, and a slash with a draw guide (layer 1) on one.
let square40 = #"<path class="monochrome-0" d="M30 -30 H70 V-70 H30 Z"/>"#
let plain = try SymbolReader.read(data: svg(square40), fileName: "plain.svg")
let slashed = try SymbolReader.read(data: svg(square40 + #"<path class="monochrome-1" d="M10 -97 H90 V-89 H10 Z" data-draw-guides="start 10 -93 end 90 -93"/>"#),
                                    fileName: "slashed.svg")
let magic = SymbolEffect(.replace(.magic(fallback: .init(.replace(.downUp)))))
/// The slash's length, of its length at rest: the part drawn, times the stretch along its axis
/// (the determinant of a stretch along one axis is its factor).
func slashLength(_ symbol: SymbolPose?) -> Double {
    guard let l = symbol?.layers[1], l.opacity > 0 else { return 0 }
    return (l.drawRange.map { $0.upperBound - $0.lowerBound } ?? 1) * l.transform.determinant
}
/// Disappear at 0.9 s, one box a frame from its first visible change: scale 0.96, 0.91, 0.85,
/// then opacity 1, 0.73, 0.37, 0.08, 0.
let disappearFrames: [Measured] = [(1, 0.96), (2, 0.91), (3, 0.85), (1, 1), (2, 0.73), (3, 0.37), (4, 0.08), (5, 0)]
    .map { (k: Int, v: Double) -> Measured in
        let t = 0.9 + Double(k - 1) * f + h
        return Measured(t: (t - f / 2)...(t + f / 2), v: v...v)
    }
let iterative = VariableColorStyle(fill: .iterative, reversing: false, inactive: .dimInactiveLayers)
let cumulative = VariableColorStyle(fill: .cumulative, reversing: false, inactive: .dimInactiveLayers)
let panels = [
    Panel(title: "BOUNCE UP (SCALE)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.bounce(.up)), at: 0)]), seconds: 0.9,
          range: 0.85...1.3, ticks: [0.9, 1, 1.1, 1.2, 1.3], curves: [scale],
          measured: [at(0.18...0.20, 1.244...1.251), at(0.40...0.40, 0.906...0.912), at(0.63, 1)]),
    Panel(title: "BOUNCE DOWN (SCALE)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.bounce(.down)), at: 0)]), seconds: 0.9,
          range: 0.7...1.15, ticks: [0.75, 0.9, 1, 1.1], curves: [scale], measured: [at(0.20, 0.751), at(0.42, 1.105), at(0.67, 1)]),
    Panel(title: "PULSE (OPACITY)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.pulse), at: 0)]), seconds: 2.4, range: 0...1.05,
          ticks: [0, 0.3, 0.5, 0.75, 1], curves: [{ $0.symbols[0].opacity }],
          measured: [Measured(t: 0.95...1.05, v: 0.30...0.30), Measured(t: (1.93 - f)...(1.93 + f), v: 0.99...1)]),
    Panel(title: "BREATHE (SCALE)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.breathe(pulse: false)), at: 0)]), seconds: 3,
          range: 0.95...1.25, ticks: [1, 1.1, 1.2], curves: [scale],
          measured: [Measured(t: 1.17...1.23, v: 1.185...1.20), Measured(t: 2.5...2.65, v: 1...1)]),
    Panel(title: "WIGGLE (OFFSET / WIDTH)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.wiggle(nil)), at: 0)]), seconds: 1,
          range: -0.07...0.07, ticks: [-0.06, -0.03, 0, 0.03, 0.06], curves: [{ $0.symbols[0].transform.tx / 100 }],
          measured: [Measured(t: 0.04...0.10, v: 0.0589...0.0589), Measured(t: 0.20...0.30, v: -0.0403 ... -0.0403),
                     Measured(t: 0.33...0.50, v: 0.0274...0.0274), Measured(t: 0.46...0.70, v: -0.0258 ... -0.0258),
                     Measured(t: 0.80...0.87, v: 0...0)]),
    Panel(title: "WIGGLE TURNING (DEGREES)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.wiggle(.clockwise)), at: 0)]), seconds: 1,
          range: -10...11, ticks: [-10, -5, 0, 5, 10], curves: [tilt],
          measured: [Measured(t: 0.04...0.10, v: 9.6...9.6), Measured(t: 0.20...0.30, v: -7.7 ... -7.7),
                     Measured(t: 0.33...0.50, v: 5.7...5.7), Measured(t: 0.46...0.70, v: -4.9 ... -4.9)]),
    Panel(title: "ROTATE CONTINUOUS (DEGREES)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.rotate(nil)), options: .repeat(.continuous), at: 0)]),
          seconds: 1.95, range: 0...380, ticks: [0, 90, 180, 270, 360], curves: [wrapped], measured: [Measured(t: 0.5...0.5, v: 90...90), Measured(t: 1...1, v: 180...180), Measured(t: 1.5...1.5, v: 270...270)]),
    Panel(title: "ROTATE, ONE PLAY (DEGREES)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.rotate(nil)), at: 0)]),
          seconds: 2.2, range: 0...380, ticks: [0, 90, 180, 270, 360], curves: [degrees],
          measured: [at(0.17...0.18, 36...36), at(0.50...0.55, 180...180), at(1.13...1.22, 324...324), at(1.63...1.75, 356.4...356.4),
                     at(1.87, 360), at(2.0, 360)]),
    Panel(title: "VARIABLE COLOR ITERATIVE, 6 LAYERS (OPACITY)", timeline: try Timeline(documents: [six], events: [.discrete(SymbolEffect(.variableColor(iterative)), at: 0)]),
          seconds: 1.6, range: 0...1.05, ticks: [0, 0.3, 0.5, 1], curves: (0..<6).map(layerOpacity),
          measured: [Measured(t: 0.4...0.5, v: 0.29...0.31)] + (2..<6).flatMap { k -> [Measured] in
              let s = 0.124 * Double(k)
              return [Measured(t: (s + 0.10)...(s + 0.13), v: 1...1), Measured(t: (s + 0.10 + 0.47)...(s + 0.13 + 0.57), v: 0.3...0.3)]
          }),
    Panel(title: "VARIABLE COLOR CUMULATIVE, 5 LAYERS (OPACITY)", timeline: try Timeline(documents: [five], events: [.discrete(SymbolEffect(.variableColor(cumulative)), at: 0)]),
          seconds: 2.2, range: 0...1.05, ticks: [0, 0.3, 0.5, 1], curves: (0..<5).map(layerOpacity),
          measured: (1..<5).map { k in Measured(t: (0.131 * Double(k) + 0.25)...(0.167 * Double(k) + 0.25), v: 1...1) }
            + [Measured(t: 1.0...1.25, v: 1...1)]),
    Panel(title: "REPLACE DOWN-UP (SCALE, SWAP AT 0.5, OPACITY 1)", timeline: try Timeline(documents: [doc, other], events: [.replace(with: 1, effect: whole(.replace(.downUp)), at: 0)]),
          seconds: 0.6, range: 0.45...1.05, ticks: [0.5, 0.75, 1], curves: [scale],
          measured: [0.98, 0.95, 0.90, 0.82, 0.70, 0.55, 0.50, 0.61, 0.75, 0.86, 0.92, 0.96, 0.99, 1.00].enumerated().map { k, v in
              Measured(t: (Double(k) * f + h - f / 2)...(Double(k) * f + h + f / 2), v: v...v)
          }),
    Panel(title: "MAGIC REPLACE, SLASH ON (LENGTH)", timeline: try Timeline(documents: [plain, slashed], events: [.replace(with: 1, effect: magic, at: 0)]),
          seconds: 0.6, range: 0.5...1.1, ticks: [0.5, 0.75, 1, 1.07], curves: [{ slashLength($0.symbols.last) }],
          measured: [at(0.2, 1), Measured(t: (0.2 + h)...(0.33 + h), v: 1.07...1.07), at(0.33, 1)]),
    Panel(title: "MAGIC REPLACE, SLASH OFF (LENGTH, REST SCALE)", timeline: try Timeline(documents: [slashed, plain], events: [.replace(with: 1, effect: magic, at: 0)]),
          seconds: 0.8, range: 0...1.1, ticks: [0, 0.5, 0.967, 1.057], curves: [{ $0.symbols.count > 1 ? slashLength($0.symbols[0]) : 0 }, scale],
          measured: [at(0.2, 0), Measured(t: h...(0.57 + h), v: 1.057...1.057), Measured(t: h...(0.57 + h), v: 0.967...0.967), at(0.57, 1)]),
    Panel(title: "APPEAR (SCALE, OPACITY)", timeline: try Timeline(documents: [doc], events: [.discrete(whole(.appear(nil)), at: 0)]), seconds: 0.5,
          range: 0...1.05, ticks: [0, 0.5, 0.7, 0.85, 1], curves: [scale, { $0.symbols[0].opacity }],
          measured: [Measured(t: 0...h, v: 0.7...0.85), at(0.2, 1), at(0.23, 1)]),
    Panel(title: "DISAPPEAR, SCALE UP (SCALE, OPACITY)", timeline: try Timeline(documents: [doc], events: [.indefinite(whole(.scale(.up)), from: 0, until: 0.6), .discrete(whole(.disappear(nil)), at: 0.9)]),
          seconds: 1.2, range: 0...1.3, ticks: [0, 0.5, 0.85, 1, 1.26], curves: [{ $0.symbols[0].transform.meanScale }, { $0.symbols[0].opacity }],
          measured: [at(0.27, 1.26)] + disappearFrames),
]

let painter = Painter()
let (pw, ph) = (560.0, 320.0)
guard var bitmap = Bitmap(width: Int(pw * 2), height: Int(ph * Double((panels.count + 1) / 2)) + 40) else { exit(70) }
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
    for t in stride(from: 0.0, through: panel.seconds + 1e-9, by: panel.seconds > 1.2 ? 0.5 : 0.1) {
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
    let tl = panel.timeline
    let poses = stride(from: 0.0, through: panel.seconds, by: panel.seconds / 600).map { tl.pose(atSeconds: $0) }
    for curve in panel.curves {
        stroke(poses.map { Point(x($0.seconds), y(min(max(curve($0), panel.range.lowerBound), panel.range.upperBound))) }, 1.8, ours)
    }
}
// Legend.
let ly = ph * Double((panels.count + 1) / 2) + 22
stroke([Point(30, ly - 4), Point(60, ly - 4)], 2.2, ours)
text("OURS (TIMELINE)", Point(70, ly), 10, ink)
stroke([Point(256, ly - 8), Point(264, ly)], 2, apple)
stroke([Point(256, ly), Point(264, ly - 8)], 2, apple)
text("APPLE, MEASURED AT 15 AND 30 FPS (BOX = WHAT THE RECORDING ALLOWS, HALF A FRAME LATE)", Point(276, ly), 10, ink)
do {
    try PNGStill.write(bitmap, to: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "docs/motion.png")
} catch {
    FileHandle.standardError.write(Data("SymbolMotionChart: \(error)\n".utf8))
    exit(73)
}
