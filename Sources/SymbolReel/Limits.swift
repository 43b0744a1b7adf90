import SymbolRaster

/// What a clip may ask for, in one place: the preset schema (`Presets/schema.json`, checked
/// against these by `PresetSchemaTests`), the preset decoder, the command line's quick options
/// and `Clip` all read these values and word their errors from them.
package enum Limits {
    /// Canvas and output sides in pixels. The upper bound is what a bitmap can hold.
    package static let side: ClosedRange<Int> = 16...Bitmap.maxSide
    /// The most pixels a canvas may have (64 megapixels).
    package static let pixels = Bitmap.maxPixels
    /// Frames per second.
    package static let fps: ClosedRange<Double> = 1...120
    /// Seconds: every time in a timeline, a clip's duration, a repeat's delay.
    package static let seconds: ClosedRange<Double> = 0...600
    /// The most frames a clip may have (10 minutes at 60 fps).
    package static let frames = 36_000
    /// The most colours a palette takes (primary, secondary, tertiary).
    package static let colors = 3
    /// Scene presets (docs/scenes.md): the most scenes a clip has, things drawn in one scene
    /// (a label counts two), stacks within stacks, characters in one text, and a font's size in
    /// pixels.
    package static let scenes = 50
    package static let items = 400
    package static let nesting = 8
    package static let textLength = 2_000
    package static let fontSize: ClosedRange<Double> = 1...1_000

    /// "16…8192", "1…120", "0…600": a range as the errors write it.
    package static func text(_ r: ClosedRange<Int>) -> String { "\(r.lowerBound)…\(r.upperBound)" }
    package static func text(_ r: ClosedRange<Double>) -> String { "\(number(r.lowerBound))…\(number(r.upperBound))" }
    package static func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? "\(Int(x))" : "\(x)" }
}
