// The one frame rate of the package: the timeline poses frames by it, the pipeline renders by
// it and the encoders time their output by it. Frame times are integer indices over a rational
// rate, so frame i starts at exactly i·den/num seconds (one rounding from the index, never an
// accumulated sum, so no drift builds up).

/// A frame rate as a reduced fraction of frames per second (60/1, 30000/1001), from one frame
/// an hour up to `maxFramesPerSecond`.
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    /// Frames per `denominator` seconds (reduced, > 0).
    public let numerator: Int
    public let denominator: Int

    /// The highest rate accepted, in frames per second.
    package static let maxFramesPerSecond = 1000
    /// The lowest rate accepted is one frame per this many seconds (an hour).
    package static let maxSecondsPerFrame = 3600

    /// A rate of `numerator / denominator` frames per second, reduced; nil unless both are > 0
    /// and the rate is at most `maxFramesPerSecond` and at least one frame per hour.
    package init?(numerator: Int, denominator: Int = 1) {
        guard numerator > 0, denominator > 0 else { return nil }
        let (top, over) = denominator.multipliedReportingOverflow(by: FrameRate.maxFramesPerSecond)
        let (bottom, under) = numerator.multipliedReportingOverflow(by: FrameRate.maxSecondsPerFrame)
        guard over || numerator <= top, under || denominator <= bottom else { return nil }
        let g = FrameRate.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// A whole number of frames per second, clamped to 1…`maxFramesPerSecond`.
    package init(_ framesPerSecond: Int) {
        self.numerator = min(max(1, framesPerSecond), FrameRate.maxFramesPerSecond)
        self.denominator = 1
    }

    /// From a decimal rate: 23.976, 29.97, 59.94 and 119.88 become the NTSC /1001 rates; other
    /// values are kept to a thousandth. Nil unless finite, > 0 and within the limits.
    package init?(fps: Double) {
        guard fps.isFinite, fps > 0, fps < Double(FrameRate.maxFramesPerSecond + 1) else { return nil }
        for base in [24, 30, 60, 120] where abs(fps - Double(base) * 1000 / 1001) < 0.006 {
            self.init(numerator: base * 1000, denominator: 1001)
            return
        }
        self.init(numerator: Int((fps * 1000).rounded()), denominator: 1000)
    }

    package static let fps24 = FrameRate(24)
    package static let fps30 = FrameRate(30)
    package static let fps60 = FrameRate(60)

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// Seconds per frame as a fraction: the time base in which frame `i` has timestamp `i`.
    package var timeBase: (numerator: Int, denominator: Int) { (denominator, numerator) }

    /// "60 fps", "30000/1001 fps".
    public var description: String {
        denominator == 1 ? "\(numerator) fps" : "\(numerator)/\(denominator) fps"
    }

    // MARK: Frames and seconds

    /// The time of frame `index`.
    package func time(ofFrame index: Int) -> FrameTime { FrameTime(index: index, rate: self) }

    /// `round(duration × fps)` frames (halves away from zero); 0 for a non-positive duration.
    package func frameCount(duration: Double) -> Int {
        guard duration.isFinite, duration > 0 else { return 0 }
        return Int((duration * Double(numerator) / Double(denominator)).rounded())
    }

    /// The last frame that starts at or before `seconds`.
    package func frame(atSeconds seconds: Double) -> FrameTime {
        let exact = seconds * Double(numerator) / Double(denominator)
        // A hair of slack so 0.5 s at 60 fps is frame 30, not 29.999….
        return FrameTime(index: Int((exact + 1e-9).rounded(.down)), rate: self)
    }

    // MARK: Encoder timing

    /// The start of frame `i` in units of `1 / unitsPerSecond` seconds, rounded to the nearest
    /// unit (halves up). Delays taken as differences of boundaries add up to the exact total.
    package func boundary(ofFrame i: Int, unitsPerSecond: Int) -> Int {
        let exact = i * denominator * unitsPerSecond  // over `numerator`
        return (2 * exact + numerator) / (2 * numerator)
    }

    /// How long frame `i` shows, in `1 / unitsPerSecond` units, by cumulative rounding.
    package func delay(ofFrame i: Int, unitsPerSecond: Int) -> Int {
        boundary(ofFrame: i + 1, unitsPerSecond: unitsPerSecond) - boundary(ofFrame: i, unitsPerSecond: unitsPerSecond)
    }

    /// This rate divided by the smallest whole factor that brings it to at most
    /// `maxFramesPerSecond`, so that every kept frame stands for the same number of source frames.
    package func decimated(toAtMost maxFramesPerSecond: Int) -> FrameRate {
        var factor = 1
        while numerator > maxFramesPerSecond * denominator * factor { factor += 1 }
        return FrameRate(numerator: numerator, denominator: denominator * factor)!
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

/// A frame index over a rate: the only way time enters `Timeline.pose(at:)`.
package struct FrameTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let index: Int
    package let rate: FrameRate

    package init(index: Int, rate: FrameRate) {
        self.index = index
        self.rate = rate
    }

    /// index·den/num, computed from integers with a single rounding.
    package var seconds: Double { Double(index * rate.denominator) / Double(rate.numerator) }

    package static func < (a: FrameTime, b: FrameTime) -> Bool { a.seconds < b.seconds }
    package var description: String { "frame \(index) @ \(rate)" }
}
