// Frame times are integer indices over a rational rate, so frame i is at exactly i·den/num
// seconds (one rounding, never an accumulated sum).

/// A frame rate as a reduced fraction of frames per second (60/1, 30000/1001).
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    /// A rate of `numerator / denominator` frames per second, reduced; nil unless both are > 0.
    public init?(numerator: Int, denominator: Int = 1) {
        guard numerator > 0, denominator > 0 else { return nil }
        let g = FrameRate.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// A whole number of frames per second (at least 1).
    public init(_ framesPerSecond: Int) {
        self.numerator = max(1, framesPerSecond)
        self.denominator = 1
    }

    /// From a decimal rate: 23.976, 29.97, 59.94 and 119.88 become the NTSC /1001 rates; other
    /// values are kept to a thousandth. Nil unless finite and > 0.
    public init?(fps: Double) {
        guard fps.isFinite, fps > 0 else { return nil }
        for base in [24, 30, 60, 120] where abs(fps - Double(base) * 1000 / 1001) < 0.006 {
            self.init(numerator: base * 1000, denominator: 1001)
            return
        }
        self.init(numerator: Int((fps * 1000).rounded()), denominator: 1000)
    }

    public static let fps24 = FrameRate(24)
    public static let fps30 = FrameRate(30)
    public static let fps60 = FrameRate(60)

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

/// A frame index over a rate: the only way time enters `Timeline.pose(at:)`.
public struct FrameTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int
    public let rate: FrameRate

    public init(index: Int, rate: FrameRate) {
        self.index = index
        self.rate = rate
    }

    /// index·den/num, computed from integers with a single rounding.
    public var seconds: Double { Double(index * rate.denominator) / Double(rate.numerator) }

    public static func < (a: FrameTime, b: FrameTime) -> Bool { a.seconds < b.seconds }
    public var description: String { "frame \(index) @ \(rate) fps" }
}

/// Frame counts and frame times for a clip at one rate.
public struct FrameClock: Hashable, Sendable {
    public let rate: FrameRate

    public init(rate: FrameRate) { self.rate = rate }

    /// `round(duration × fps)` frames (halves away from zero); 0 for a non-positive duration.
    public func frameCount(duration: Double) -> Int {
        guard duration.isFinite, duration > 0 else { return 0 }
        return Int((duration * Double(rate.numerator) / Double(rate.denominator)).rounded())
    }

    /// The time of frame `index`.
    public func time(ofFrame index: Int) -> FrameTime { FrameTime(index: index, rate: rate) }

    /// The last frame that starts at or before `seconds` (for `frame --at T`).
    public func frame(atSeconds seconds: Double) -> FrameTime {
        let exact = seconds * Double(rate.numerator) / Double(rate.denominator)
        // A hair of slack so 0.5 s at 60 fps is frame 30, not 29.999….
        return FrameTime(index: Int((exact + 1e-9).rounded(.down)), rate: rate)
    }
}
