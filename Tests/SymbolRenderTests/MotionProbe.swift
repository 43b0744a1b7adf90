import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolSVG
import SymbolTimeline
@testable import SymbolRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders a timeline on a 256 px canvas (the 100-unit guide box 64 px tall, centred) and
/// measures each frame's ink the way the recordings of Apple's renderer were measured: opacity
/// from the peak alpha of a region, scale and angle from the second moments of its alpha (so
/// they do not depend on opacity), times from the first visible change.
enum MotionProbe {
    static let settings = RenderSettings(width: 256, height: 256, size: .fraction(0.25), mode: .monochrome, colors: [.black])
    /// One frame of a 30 fps recording: every measured time is good to this.
    static let frame = 1.0 / 30

    /// The pixel of a point in symbol units (guide box x 0…100, y −100…0).
    static func pixel(_ x: Double, _ y: Double) -> (Double, Double) { (128 + (x - 50) * 0.64, 128 + (y + 50) * 0.64) }

    /// What the pixels of one region show.
    struct Ink {
        var peak = 0.0, area = 0.0, cx = 0.0, cy = 0.0, mxx = 0.0, myy = 0.0, mxy = 0.0
        /// Radius of gyration: follows the scale, whatever the opacity.
        var size: Double { area > 0 ? ((mxx + myy) / area).squareRoot() : 0 }
        /// Orientation of the principal axis in degrees, clockwise on screen, −90…90.
        var angle: Double { 0.5 * atan2(2 * mxy, mxx - myy) * 180 / .pi }
    }

    static func ink(_ b: Bitmap, _ region: (x: ClosedRange<Int>, y: ClosedRange<Int>)? = nil,
                    excluding hole: (x: ClosedRange<Int>, y: ClosedRange<Int>)? = nil) -> Ink {
        var i = Ink(), sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        for y in region?.y ?? 0...255 {
            for x in region?.x ?? 0...255 where !(hole.map { $0.x.contains(x) && $0.y.contains(y) } ?? false) {
                let a = Double(b.pixel(x: x, y: y).a) / 255
                guard a > 0 else { continue }
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                i.peak = max(i.peak, a); i.area += a
                sx += a * px; sy += a * py; sxx += a * px * px; syy += a * py * py; sxy += a * px * py
            }
        }
        guard i.area > 0 else { return i }
        i.cx = sx / i.area; i.cy = sy / i.area
        i.mxx = sxx - i.area * i.cx * i.cx; i.myy = syy - i.area * i.cy * i.cy; i.mxy = sxy - i.area * i.cx * i.cy
        return i
    }

    /// Frames at `times`, each reduced by `measure` as soon as it is rendered.
    static func series<T>(_ docs: [SymbolDocument], _ events: [TimelineEvent], times: [Double],
                          _ measure: (Bitmap) -> T) throws -> [(t: Double, v: T)] {
        let tl = try Timeline(documents: docs, events: events)
        let renderer = FrameRenderer()
        return times.map { t in (t, measure(renderer.render(docs, pose: tl.pose(atSeconds: t), settings: settings)!)) }
    }

    static func times(until end: Double, step: Double) -> [Double] { (0...Int((end / step).rounded())).map { Double($0) * step } }

    /// Where a 30 fps recording would put time zero: it sees the first change on the first
    /// frame after the start, on average half a frame after it. `changed` says whether the
    /// frame at a time differs from rest.
    static func onset(_ changed: (Double) -> Bool) -> Double {
        let k = (1...300).first { changed(Double($0) * frame) } ?? 1
        return (Double(k) - 0.5) * frame
    }

    /// The first time (interpolated) at which `s` reaches `level`, going up (or down).
    static func crossing(_ s: [(t: Double, v: Double)], _ level: Double, rising: Bool = true, after: Double = -1) -> Double? {
        for k in s.indices.dropFirst() where s[k].t > after {
            let (a, b) = (s[k - 1].v, s[k].v)
            if rising ? (a < level && b >= level) : (a > level && b <= level) {
                return s[k - 1].t + (s[k].t - s[k - 1].t) * (level - a) / (b - a)
            }
        }
        return nil
    }

    /// `value` is within `range` widened by one frame (times) or `slack` (magnitudes).
    static func within(_ value: Double?, _ range: ClosedRange<Double>, slack: Double = frame) -> Bool {
        guard let value else { return false }
        return value >= range.lowerBound - slack && value <= range.upperBound + slack
    }
}
