import Foundation
import SymbolTestSupport
import Testing
@testable import SymbolReel

/// A WebP output's `effort`: the default and `"max"` (libwebp's minimize_size search) store the
/// same lossless pixels, those the clip renders, decoded by libwebp's own animation decoder.
@Suite struct WebPEffortTests {
    @Test func defaultAndMaxEffortKeepTheRenderedPixels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webp-effort-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = """
        { "canvas": { "width": 96, "height": 96, "fps": 30, "duration": 0.6, "background": "#F2F2F7" },
          "symbol": { "source": "\(CLI.packageRoot.appendingPathComponent("Samples/bell.svg").path)" },
          "timeline": [{ "at": 0, "effect": ".bounce" }],
          "outputs": [{ "file": "quick.webp" }, { "file": "max.webp", "effort": "max" }] }
        """
        let preset = try PresetReader.read(data: Array(json.utf8), file: "effort.json")
        #expect(preset.outputs.map(\.effort) == [nil, .max])
        let clip = try Clip(preset: preset, relativeTo: nil)
        _ = try clip.export(preset.outputs, relativeTo: folder.path)
        let quick = try WebPDecoder.decode(path: folder.appendingPathComponent("quick.webp").path)
        let max = try WebPDecoder.decode(path: folder.appendingPathComponent("max.webp").path)
        #expect(quick.duration == 600 && max.duration == 600)
        // Identical frames fold into the one before, so walk both by time.
        func frames(_ webp: DecodedWebP) -> [[UInt8]] {
            webp.frames.flatMap { f in Array(repeating: f.rgba, count: Int((Double(f.duration) * 30 / 1000).rounded())) }
        }
        let a = frames(quick), b = frames(max)
        try #require(a.count == 18 && b.count == 18)
        for i in 0..<18 {
            // An opaque canvas: straight and premultiplied RGBA are the same bytes.
            let rendered = clip.frame(index: i)
            #expect(quick.frames.allSatisfy(\.isLossless) && max.frames.allSatisfy(\.isLossless))
            #expect(a[i] == rendered.pixels, "frame \(i): the default WebP differs from the render")
            #expect(b[i] == rendered.pixels, "frame \(i): the max-effort WebP differs from the render")
        }
    }
}
