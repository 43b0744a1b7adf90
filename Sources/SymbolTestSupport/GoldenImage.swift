import Foundation
import SymbolRaster

/// How close a rendering must be to its golden image, compared as straight (demultiplied)
/// RGBA per channel. Colour is compared only where both pixels have some alpha, and a faint
/// pixel's colour gets the demultiplication rounding (±255/(2·alpha)) on top of `offLevels`.
package struct GoldenTolerance: Sendable {
    /// Largest mean absolute difference allowed on any one channel, in 8-bit levels.
    package var meanPerChannel: Double
    /// A pixel is "off" when any channel differs by more than this many levels…
    package var offLevels: Int
    /// …and at most this fraction of pixels may be off.
    package var offFraction: Double

    package init(meanPerChannel: Double = 0.5, offLevels: Int = 4, offFraction: Double = 0.01) {
        self.meanPerChannel = meanPerChannel; self.offLevels = offLevels; self.offFraction = offFraction
    }

    /// The accuracy rule for resvg references: mean ≤ 0.5, ≤ 1 % of pixels more than 4 off.
    package static let resvg = GoldenTolerance()
}

/// The measured difference between a rendering and its golden.
package struct GoldenComparison: Sendable, CustomStringConvertible {
    /// Mean absolute difference of R, G, B and A.
    package var meanAbsolute: [Double]
    /// Fraction of pixels with some channel off by more than the tolerance's levels.
    package var offFraction: Double
    /// Largest difference on any channel of any pixel.
    package var maxDifference: Int
    package var passed: Bool
    /// Where expected | diff | actual were written, when the comparison failed.
    package var failureFolder: String?

    package var description: String {
        let m = meanAbsolute.map { String(format: "%.3f", $0) }.joined(separator: "/")
        return "mean RGBA \(m), \(String(format: "%.3f", offFraction * 100)) % off, max \(maxDifference)"
            + (failureFolder.map { " — see \($0)" } ?? "")
    }
}

/// Compares bitmaps with golden PNGs. On failure it writes `expected.png`, `diff.png` (per
/// channel difference ×8, opaque) and `actual.png` into `<failures>/<name>/`; with
/// `SYMBOLREEL_UPDATE_GOLDENS=1` in the environment it rewrites updatable goldens instead.
package enum GoldenImage {
    /// Whether goldens are being regenerated (`SYMBOLREEL_UPDATE_GOLDENS=1`).
    package static var isUpdating: Bool { ProcessInfo.processInfo.environment["SYMBOLREEL_UPDATE_GOLDENS"] == "1" }

    /// `.build/golden-failures/<target>` under the package root, found from a test file's path
    /// (pass `#filePath`). Outside the test targets, so SwiftPM never sees the images as sources.
    package static func failuresFolder(testFile: String) -> String {
        var url = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while url.path != "/" && url.deletingLastPathComponent().lastPathComponent != "Tests" {
            url = url.deletingLastPathComponent()
        }
        let root = url.deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/golden-failures").appendingPathComponent(url.lastPathComponent).path
    }

    /// Pure comparison of straight RGBA images of the same size (nil when sizes differ).
    package static func compare(_ actual: PNGFile.Image, _ expected: PNGFile.Image,
                               tolerance: GoldenTolerance) -> GoldenComparison? {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        var sums = [Int](repeating: 0, count: 4)
        var offCount = 0, worst = 0
        let n = actual.width * actual.height
        for p in 0..<n {
            let alphaA = Int(actual.rgba[p * 4 + 3]), alphaE = Int(expected.rgba[p * 4 + 3])
            let alphaDiff = abs(alphaA - alphaE)
            sums[3] += alphaDiff
            var off = alphaDiff > tolerance.offLevels
            var pixelWorst = alphaDiff
            // A transparent pixel has no colour; in a faint one the colour is only known to
            // ±255/(2a) after the premultiplied byte is divided by alpha. So colour counts
            // where both pixels have alpha, with that rounding added to the allowed levels.
            let low = min(alphaA, alphaE)
            if low > 0 {
                let allowance = Double(tolerance.offLevels) + 255 / (2 * Double(low))
                for c in 0..<3 {
                    let d = abs(Int(actual.rgba[p * 4 + c]) - Int(expected.rgba[p * 4 + c]))
                    sums[c] += d
                    pixelWorst = max(pixelWorst, d)
                    if Double(d) > allowance { off = true }
                }
            }
            if off { offCount += 1 }
            worst = max(worst, pixelWorst)
        }
        let means = sums.map { Double($0) / Double(n) }
        let fraction = Double(offCount) / Double(n)
        let passed = means.allSatisfy { $0 <= tolerance.meanPerChannel } && fraction <= tolerance.offFraction
        return GoldenComparison(meanAbsolute: means, offFraction: fraction, maxDifference: worst, passed: passed)
    }

    /// Checks `bitmap` against the PNG at `goldenPath`. A missing golden fails (or is written
    /// when updating). `updatable: false` protects references made by other tools (resvg).
    package static func check(_ bitmap: Bitmap, goldenPath: String, name: String, failures: String,
                             tolerance: GoldenTolerance = .resvg, updatable: Bool = true) throws -> GoldenComparison {
        let actual = PNGFile.image(from: bitmap)
        if updatable && isUpdating {
            try PNGFile.write(actual, to: goldenPath)
            return GoldenComparison(meanAbsolute: [0, 0, 0, 0], offFraction: 0, maxDifference: 0, passed: true)
        }
        let expected = try PNGFile.read(goldenPath)
        let folder = (failures as NSString).appendingPathComponent(name)
        guard var result = compare(actual, expected, tolerance: tolerance) else {
            try writeFailure(actual: actual, expected: expected, diff: nil, folder: folder)
            return GoldenComparison(meanAbsolute: [255, 255, 255, 255], offFraction: 1, maxDifference: 255,
                                    passed: false, failureFolder: folder)
        }
        if !result.passed {
            try writeFailure(actual: actual, expected: expected, diff: diffImage(actual, expected), folder: folder)
            result.failureFolder = folder
        }
        return result
    }

    /// Per-channel absolute difference, amplified ×8 and drawn opaque so it is visible.
    package static func diffImage(_ a: PNGFile.Image, _ b: PNGFile.Image) -> PNGFile.Image {
        var out = [UInt8](repeating: 255, count: a.rgba.count)
        for p in 0..<(a.width * a.height) {
            var alphaDiff = 0
            for c in 0..<4 {
                let d = min(255, abs(Int(a.rgba[p * 4 + c]) - Int(b.rgba[p * 4 + c])) * 8)
                if c < 3 { out[p * 4 + c] = UInt8(d) } else { alphaDiff = d }
            }
            // Alpha differences show in every channel so they are not lost in an opaque image.
            for c in 0..<3 { out[p * 4 + c] = max(out[p * 4 + c], UInt8(alphaDiff)) }
        }
        return PNGFile.Image(width: a.width, height: a.height, rgba: out)
    }

    private static func writeFailure(actual: PNGFile.Image, expected: PNGFile.Image, diff: PNGFile.Image?,
                                     folder: String) throws {
        try PNGFile.write(expected, to: (folder as NSString).appendingPathComponent("expected.png"))
        try PNGFile.write(actual, to: (folder as NSString).appendingPathComponent("actual.png"))
        if let d = diff { try PNGFile.write(d, to: (folder as NSString).appendingPathComponent("diff.png")) }
    }
}
