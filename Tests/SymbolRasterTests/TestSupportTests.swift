import Foundation
import SymbolRaster
import SymbolTestSupport
import Testing

@Suite struct TestSupportTests {
    @Test func pngRoundTripKeepsStraightPixels() throws {
        let img = PNGFile.Image(width: 3, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 0, 0,
                                                             10, 20, 30, 40, 255, 255, 255, 255, 1, 2, 3, 255])
        #expect(try PNGFile.decode(PNGFile.encode(img)) == img)
        #expect(throws: PNGFile.Failure.self) { try PNGFile.decode([1, 2, 3, 4]) }
    }

    @Test func bitmapConversionDemultiplies() throws {
        var b = try #require(Bitmap(width: 1, height: 1))
        b.fill(r: 64, g: 32, b: 0, a: 128)
        #expect(PNGFile.image(from: b).rgba == [128, 64, 0, 128])
        #expect(PNGFile.bitmap(from: PNGFile.image(from: b)) == b)
    }

    @Test func goldenFailureWritesExpectedDiffActual() throws {
        let dir = NSTemporaryDirectory() + "golden-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var b = try #require(Bitmap(width: 10, height: 10))
        b.fill(r: 255, g: 0, b: 0, a: 255)
        try PNGFile.write(PNGFile.image(from: b), to: dir + "/golden.png")
        let same = try GoldenImage.check(b, goldenPath: dir + "/golden.png", name: "same", failures: dir, updatable: false)
        #expect(same.passed && same.maxDifference == 0)
        var c = b
        c.fill(r: 250, g: 0, b: 0, a: 255)
        let off = try GoldenImage.check(c, goldenPath: dir + "/golden.png", name: "off", failures: dir, updatable: false)
        #expect(!off.passed && off.offFraction == 1 && abs(off.meanAbsolute[0] - 5) < 1e-9)
        for f in ["expected.png", "diff.png", "actual.png"] {
            #expect(FileManager.default.fileExists(atPath: dir + "/off/" + f))
        }
        // Colour of a transparent pixel does not count.
        let t1 = PNGFile.Image(width: 1, height: 1, rgba: [0, 0, 0, 0]), t2 = PNGFile.Image(width: 1, height: 1, rgba: [9, 9, 9, 0])
        #expect(GoldenImage.compare(t1, t2, tolerance: .resvg)!.passed)
    }
}
