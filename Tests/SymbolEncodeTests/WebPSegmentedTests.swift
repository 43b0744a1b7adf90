import Foundation
import SymbolEncode
import SymbolEncodeWebP
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import Testing

/// The default lossless WebP path: each frame's changed rectangle compressed on its own and
/// assembled with libwebpmux. Checked against libwebp's own sequential animation encoder (the
/// `minimizeSize` path) and the source frames, decoded by libwebp's animation decoder; and its
/// bytes against themselves when the rectangles are compressed on other threads.
@Suite struct WebPSegmentedTests {
    /// Every shown frame, one per source frame (identical frames fold into the one before, so
    /// walk by time), with invisible pixels' colour cleared: WebP may store any colour there.
    private func shownFrames(_ webp: DecodedWebP, fps: Int) -> [[UInt8]] {
        webp.frames.flatMap { frame in
            var rgba = frame.rgba
            for p in stride(from: 0, to: rgba.count, by: 4) where rgba[p + 3] == 0 {
                rgba[p] = 0; rgba[p + 1] = 0; rgba[p + 2] = 0
            }
            let end = Double(frame.duration) * Double(fps) / 1000
            return Array(repeating: rgba, count: Int(end.rounded()))
        }
    }

    @Test(arguments: [false, true]) func decodesLikeTheAnimationEncoder(transparent: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let background: SyntheticFrames.RGB? = transparent ? nil : systemGray6
        let source = SyntheticFrames(width: 101, height: 77, fps: 30, palette: .multiColour, background: background)
        // Still stretches (frames 8–11 repeat frame 7) exercise folding.
        let frames = (0..<24).map { source.frame($0 >= 8 && $0 < 12 ? 7 : $0) }
        let stream = StreamFormat(width: 101, height: 77, rate: FrameRate(30), background: background?.encodeColor)
        func encode(_ name: String, _ options: WebPOptions) throws -> DecodedWebP {
            let encoder = WebPEncoder(path: folder.file(name), options: options)
            try encoder.begin(stream)
            for (i, frame) in frames.enumerated() { try encoder.encode(frame, at: i) }
            _ = try encoder.finish()
            return try WebPDecoder.decode(path: folder.file(name))
        }
        let segmented = try encode("segmented.webp", WebPOptions())
        let sequential = try encode("sequential.webp", WebPOptions(compression: .losslessMaxEffort, minimizeSize: true))
        let whole = try encode("whole.webp", WebPOptions(differencing: false))
        #expect(segmented.frames.allSatisfy { $0.isLossless })
        #expect(segmented.duration == 800 && sequential.duration == 800 && whole.duration == 800)
        #expect(segmented.frames.count < frames.count, "still frames fold into the one before")
        #expect(segmented.frames.dropFirst().contains { $0.width * $0.height < 101 * 77 }, "rectangles, not whole frames")
        #expect(whole.frames.allSatisfy { $0.width == 101 && $0.height == 77 })
        let a = shownFrames(segmented, fps: 30), b = shownFrames(sequential, fps: 30), c = shownFrames(whole, fps: 30)
        try #require(a.count == 24 && b.count == 24 && c.count == 24)
        for i in 0..<24 {
            let expected = transparent ? straightRGBA(frames[i]) : opaqueRGBA(frames[i], over: systemGray6.encodeColor)
            #expect(a[i] == b[i], "frame \(i): segmented and sequential differ")
            #expect(a[i] == expected, "frame \(i): segmented differs from the source")
            #expect(c[i] == expected, "frame \(i): whole frames differ from the source")
        }
    }

    /// Compressing the rectangles on other threads, finishing in any order, gives the bytes of
    /// the plain one-thread encode; and so does a second run.
    @Test func bytesDoNotDependOnThreads() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 96, height: 64, fps: 30, palette: .multiColour, background: nil)
        let frames = (0..<16).map { source.frame($0) }
        let stream = StreamFormat(width: 96, height: 64, rate: FrameRate(30))
        for run in 0..<2 {
            let plain = WebPEncoder(path: folder.file("plain\(run).webp"))
            try plain.begin(stream)
            for (i, frame) in frames.enumerated() { try plain.encode(frame, at: i) }
            _ = try plain.finish()

            let staged = WebPEncoder(path: folder.file("staged\(run).webp"))
            try staged.begin(stream)
            var work: [WebPFrameCompression] = []
            for (i, frame) in frames.enumerated() { work += try staged.stage(frame, at: i) }
            work += try staged.stageEnd()
            #expect(work.count == 16)
            for output in runConcurrentlyInReverse(work) { try staged.commit(try output.get()) }
            _ = try staged.finish()
        }
        let files = try ["plain0", "staged0", "plain1", "staged1"].map { try Data(contentsOf: URL(fileURLWithPath: folder.file($0 + ".webp"))) }
        #expect(files.allSatisfy { $0 == files[0] })

        // Finishing before the staged work is committed is caught, and leaves no file.
        let early = WebPEncoder(path: folder.file("early.webp"))
        try early.begin(stream)
        _ = try early.stage(frames[0], at: 0)
        _ = try early.stageEnd()
        #expect(throws: EncodeError.self) { try early.finish() }
        #expect(!folder.contents().contains("early.webp"))
    }

    /// A clip whose first frame is wholly transparent still stores one pixel for it.
    @Test func transparentFirstFrame() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 40, height: 40, fps: 30, palette: .multiColour, background: nil)
        let empty = try #require(Bitmap(width: 40, height: 40))
        let encoder = WebPEncoder(path: folder.file("empty.webp"))
        try encoder.begin(StreamFormat(width: 40, height: 40, rate: FrameRate(30)))
        try encoder.encode(empty, at: 0)
        try encoder.encode(empty, at: 1)
        try encoder.encode(source.frame(2), at: 2)
        _ = try encoder.finish()
        let webp = try WebPDecoder.decode(path: folder.file("empty.webp"))
        try #require(webp.frames.count == 2)
        #expect(webp.frames[0].duration == 67 && webp.frames[0].rgba.allSatisfy { $0 == 0 })
        #expect(shownFrames(webp, fps: 30)[2] == straightRGBA(source.frame(2)))
    }
}
