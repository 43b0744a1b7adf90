/// A frame rate as an exact fraction: frame `i` starts at exactly `i × denominator / numerator`
/// seconds. Times are computed from the frame index, never accumulated, so no drift builds up.
public struct FrameTiming: Sendable, Hashable, CustomStringConvertible {
    /// Frames per `denominator` seconds (reduced, > 0).
    public let numerator: Int
    public let denominator: Int

    /// The highest rate accepted, in frames per second.
    public static let maxFramesPerSecond = 1000

    /// `numerator / denominator` frames per second; nil unless both are positive and the rate
    /// is at most 1000 fps and at least one frame per hour.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0, numerator <= FrameTiming.maxFramesPerSecond * denominator,
            denominator <= 3600 * numerator
        else { return nil }
        let g = FrameTiming.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// A whole number of frames per second.
    public init?(framesPerSecond: Int) {
        self.init(numerator: framesPerSecond, denominator: 1)
    }

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// Seconds per frame as a fraction: the time base in which frame `i` has timestamp `i`.
    public var timeBase: (numerator: Int, denominator: Int) { (denominator, numerator) }

    /// The start of frame `i` in seconds (for display; exact work uses `boundary`).
    public func seconds(ofFrame i: Int) -> Double { Double(i) * Double(denominator) / Double(numerator) }

    /// The start of frame `i` in units of `1 / unitsPerSecond` seconds, rounded to the nearest
    /// unit (halves up). Delays taken as differences of boundaries add up to the exact total.
    public func boundary(ofFrame i: Int, unitsPerSecond: Int) -> Int {
        let exact = i * denominator * unitsPerSecond  // over `numerator`
        return (2 * exact + numerator) / (2 * numerator)
    }

    /// How long frame `i` shows, in `1 / unitsPerSecond` units, by cumulative rounding.
    public func delay(ofFrame i: Int, unitsPerSecond: Int) -> Int {
        boundary(ofFrame: i + 1, unitsPerSecond: unitsPerSecond) - boundary(ofFrame: i, unitsPerSecond: unitsPerSecond)
    }

    /// This rate divided by the smallest whole factor that brings it to at most
    /// `maxFramesPerSecond`, so that every kept frame stands for the same number of source frames.
    public func decimated(toAtMost maxFramesPerSecond: Int) -> FrameTiming {
        var factor = 1
        while numerator > maxFramesPerSecond * denominator * factor { factor += 1 }
        return FrameTiming(numerator: numerator, denominator: denominator * factor)!
    }

    public var description: String {
        denominator == 1 ? "\(numerator) fps" : "\(numerator)/\(denominator) fps"
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

/// Resampling by time from one rate to another: output frame `j`, at time `j / outputRate`,
/// shows the source frame on screen at that moment, `floor(j × inputRate / outputRate)`.
package struct FrameResampler: Sendable, Hashable {
    package let input: FrameTiming
    package let output: FrameTiming

    package init(input: FrameTiming, output: FrameTiming) {
        self.input = input
        self.output = output
    }

    /// The source frame that output frame `j` shows.
    package func sourceFrame(ofOutput j: Int) -> Int {
        // j × (on/od)⁻¹ × (in/id) = j × od × in / (on × id)
        (j * output.denominator * input.numerator) / (output.numerator * input.denominator)
    }

    /// The output frame that shows source frame `i`, or nil when `i` is skipped.
    package func outputFrame(ofSource i: Int) -> Int? {
        let num = i * output.numerator * input.denominator
        let den = output.denominator * input.numerator
        let j = (num + den - 1) / den  // the first output time at or after source frame i
        return sourceFrame(ofOutput: j) == i ? j : nil
    }

    /// The end of a clip of `sourceFrames` frames in `1 / unitsPerSecond` units.
    package func end(ofSourceFrames sourceFrames: Int, unitsPerSecond: Int) -> Int {
        input.boundary(ofFrame: sourceFrames, unitsPerSecond: unitsPerSecond)
    }
}
