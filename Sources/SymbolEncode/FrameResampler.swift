import SymbolGeometry

/// Resampling by time from one rate to another: output frame `j`, at time `j / outputRate`,
/// shows the source frame on screen at that moment, `floor(j × inputRate / outputRate)`.
package struct FrameResampler: Sendable, Hashable {
    package let input: FrameRate
    package let output: FrameRate

    package init(input: FrameRate, output: FrameRate) {
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
