import Foundation
import SymbolReel
import SymbolTestSupport
import Testing

/// How close a frame must be to its golden PNG. Pixels are compared as straight (demultiplied)
/// RGBA per channel; colour counts only where both pixels have alpha.
public struct FrameTolerance: Sendable, Equatable {
    /// Largest mean absolute difference allowed on any one channel, in 8-bit levels.
    public var meanPerChannel: Double
    /// A pixel is off when any channel differs by more than this many levels…
    public var levels: Int
    /// …and at most this fraction of the pixels may be off.
    public var offFraction: Double

    public init(meanPerChannel: Double = 0.5, levels: Int = 4, offFraction: Double = 0.01) {
        self.meanPerChannel = meanPerChannel
        self.levels = levels
        self.offFraction = offFraction
    }

    /// Mean ≤ 0.5 levels per channel, at most 1 % of pixels more than 4 levels off.
    public static let standard = FrameTolerance()
    /// Every pixel identical.
    public static let exact = FrameTolerance(meanPerChannel: 0, levels: 0, offFraction: 0)

    var golden: GoldenTolerance { GoldenTolerance(meanPerChannel: meanPerChannel, offLevels: levels, offFraction: offFraction) }
}

/// Records a Swift Testing issue unless `bitmap` matches the PNG at `path` within `tolerance`.
/// On a mismatch it writes `expected.png`, `diff.png` (differences ×8) and `actual.png` into
/// `<failures>/<golden name>/` and names that folder in the issue. A missing golden is an
/// issue too, unless `SYMBOLREEL_UPDATE_GOLDENS=1` is set, which (re)writes goldens instead.
///
/// `failures` defaults to `.build/golden-failures/<test target>` of the package the test file
/// lives in. Returns whether the frame matched.
///
/// ```swift
/// @Test func bounceFrame12() throws {
///     let clip = try Clip(presetAt: "Presets/bounce-up.json")
///     expectFrame(clip.frame(index: 12), matchesGolden: "Tests/Goldens/bounce-12.png")
/// }
/// ```
@discardableResult
public func expectFrame(_ bitmap: Bitmap, matchesGolden path: String, tolerance: FrameTolerance = .standard,
                        failures: String? = nil, filePath: String = #filePath,
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
    if GoldenImage.isUpdating {
        do {
            try writeGolden(bitmap, to: path)
            return true
        } catch {
            Issue.record("could not write the golden \(path): \(error)", sourceLocation: sourceLocation)
            return false
        }
    }
    guard FileManager.default.fileExists(atPath: path) else {
        Issue.record("no golden at \(path); run the test with SYMBOLREEL_UPDATE_GOLDENS=1 to write it", sourceLocation: sourceLocation)
        return false
    }
    let folder = failures ?? GoldenImage.failuresFolder(testFile: filePath)
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    do {
        let result = try GoldenImage.check(bitmap, goldenPath: path, name: name, failures: folder,
                                           tolerance: tolerance.golden, updatable: false)
        if !result.passed {
            Issue.record("frame differs from \(path) beyond the tolerance: \(result)", sourceLocation: sourceLocation)
        }
        return result.passed
    } catch {
        Issue.record("could not compare with \(path): \(error)", sourceLocation: sourceLocation)
        return false
    }
}

/// Checks frame `index` of `clip` (optionally drawn `width` pixels wide) against a golden.
@discardableResult
public func expectFrame(of clip: Clip, index: Int, width: Int? = nil, matchesGolden path: String,
                        tolerance: FrameTolerance = .standard, failures: String? = nil, filePath: String = #filePath,
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
    guard (0..<clip.frameCount).contains(index) else {
        Issue.record("frame \(index) is past the end; the clip has \(clip.frameCount) frames", sourceLocation: sourceLocation)
        return false
    }
    return expectFrame(clip.frame(index: index, width: width), matchesGolden: path, tolerance: tolerance,
                       failures: failures, filePath: filePath, sourceLocation: sourceLocation)
}

/// Writes `bitmap` as a golden PNG (straight RGBA), creating folders as needed.
public func writeGolden(_ bitmap: Bitmap, to path: String) throws(SymbolReelError) {
    do {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try PNGFile.write(PNGFile.image(from: bitmap), to: path)
    } catch {
        throw SymbolReelError(.cannotCreate, file: path, "cannot write the golden: \(error)")
    }
}

/// Reads a golden PNG back as a premultiplied bitmap.
public func readGolden(_ path: String) throws(SymbolReelError) -> Bitmap {
    guard FileManager.default.fileExists(atPath: path) else { throw SymbolReelError(.notFound, file: path, "no such golden") }
    let image: PNGFile.Image
    do { image = try PNGFile.read(path) } catch { throw SymbolReelError(.unreadable, file: path, "\(error)") }
    guard let bitmap = PNGFile.bitmap(from: image) else {
        throw SymbolReelError(.unreadable, file: path, "not a picture SymbolReel can hold")
    }
    return bitmap
}
