import Foundation
import SnapshotTesting
import SymbolReel
import SymbolReelTesting
import SymbolTestSupport

extension Diffing where Value == Data {
    /// PNG images compared as straight RGBA within `tolerance` (`expectFrame`'s comparison), not
    /// byte for byte: another libpng or zlib may store the same pixels differently. On a
    /// mismatch the message gives the measured difference and the path of a difference image
    /// (each channel ×8) written beside swift-snapshot-testing's failed snapshot folder
    /// (`SNAPSHOT_ARTIFACTS`, else the temporary folder).
    public static func png(tolerance: FrameTolerance = .standard) -> Diffing {
        .diff(toData: { $0 }, fromData: { $0 }) { reference, actual in
            ClipImages.difference(reference, actual, tolerance: tolerance)
        }
    }
}

/// PNG bytes of frames, and their comparison.
enum ClipImages {
    /// `bitmap` as PNG bytes by our own encoder (straight RGBA, sRGB).
    static func png(_ bitmap: Bitmap) -> Data {
        // Encoding fails only when libpng cannot allocate; an empty snapshot then fails the diff.
        (try? PNGStill.encode(bitmap)).map { Data($0) } ?? Data()
    }

    /// nil when the two PNGs match within `tolerance`, else the failure message and the
    /// difference image as an attachment.
    static func difference(_ reference: Data, _ actual: Data, tolerance: FrameTolerance) -> (String, [DiffAttachment])? {
        if reference == actual { return nil }
        guard !actual.isEmpty else {
            return ("no image was made: a contact sheet must fit in 8192 pixels a side (fewer frames, columns or a smaller cellWidth)", [])
        }
        let expected: PNGFile.Image, got: PNGFile.Image
        do {
            expected = try PNGFile.decode(Array(reference))
            got = try PNGFile.decode(Array(actual))
        } catch {
            return ("cannot read a snapshot PNG: \(error)", [])
        }
        let rule = GoldenTolerance(meanPerChannel: tolerance.meanPerChannel, offLevels: tolerance.levels, offFraction: tolerance.offFraction)
        guard let result = GoldenImage.compare(got, expected, tolerance: rule) else {
            return ("the image is \(got.width)×\(got.height), the snapshot \(expected.width)×\(expected.height)", [])
        }
        if result.passed { return nil }
        var message = "the image differs from the snapshot beyond the tolerance (mean ≤ \(tolerance.meanPerChannel) levels a channel, "
            + "at most \(tolerance.offFraction * 100) % of pixels more than \(tolerance.levels) levels off): \(result)"
        let diff = GoldenImage.diffImage(got, expected)
        guard let bytes = try? PNGFile.encode(diff) else { return (message, []) }
        let folder = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let path = URL(fileURLWithPath: folder).appendingPathComponent("symbolreel-diff-\(UUID().uuidString).png")
        if (try? Data(bytes).write(to: path)) != nil { message += "; the difference ×8: \(path.path)" }
        return (message, [.data(Data(bytes), name: "difference.png")])
    }
}
