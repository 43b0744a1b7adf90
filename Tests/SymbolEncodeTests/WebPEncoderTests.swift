import Foundation
import SymbolEncode
import SymbolEncodeWebP
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import Testing

/// Animated WebP, decoded by libwebp's own animation decoder (libwebpdemux) and by Pillow.
@Suite struct WebPEncoderTests {
    /// Lossless frames come back as exactly the straight RGBA we gave (colour where visible,
    /// alpha everywhere); delays add up to the clip's length to the millisecond and each is
    /// within 1 ms of 1000/fps.
    @Test(.requires(.pillow)) func losslessTransparentRoundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let (w, h) = (97, 83)
        let source = SyntheticFrames(width: w, height: h, fps: 60, palette: .multiColour, background: nil)
        let path = folder.file("clip.webp")
        let summary = try encodeClip(WebPEncoder(path: path, options: WebPOptions(loopCount: 3)), source, frames: 30)
        let webp = try WebPDecoder.decode(path: path)
        #expect(webp.width == w && webp.height == h && webp.loopCount == 3)
        try #require(webp.frames.count == 30)
        let fileSize = try Data(contentsOf: URL(fileURLWithPath: path)).count
        #expect(summary.frameCount == 30 && summary.byteCount == fileSize)
        #expect(webp.duration == 500)
        for (i, frame) in webp.frames.enumerated() {
            #expect(frame.isLossless)
            #expect(abs(Double(frame.duration) - 1000.0 / 60) < 1, "frame \(i): \(frame.duration) ms")
            // Cumulative rounding: frame i ends at round((i + 1) × 1000 / 60).
            let end = webp.frames[...i].reduce(0) { $0 + $1.duration }
            #expect(end == Int((Double(i + 1) * 1000 / 60).rounded()))
            let expected = straightRGBA(source.frame(i))
            var wrong = 0
            for p in stride(from: 0, to: expected.count, by: 4) {
                let same = expected[p + 3] == 0 ? frame.rgba[p + 3] == 0 : Array(frame.rgba[p..<p + 4]) == Array(expected[p..<p + 4])
                if !same { wrong += 1 }
            }
            #expect(wrong == 0, "frame \(i): \(wrong) pixels differ")
        }
        // Differencing: later frames store only the rectangle that changed.
        #expect(webp.frames.dropFirst().contains { $0.width * $0.height < w * h })
        try checkWithPillow(path, frames: 30, durationMilliseconds: 500, loop: 3)
    }

    /// A mostly still clip is small: identical frames only lengthen the one before, and the
    /// total duration stays exact.
    @Test func stillFramesCostAlmostNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 160, height: 160, fps: 30, palette: .twoColour(brandBlue), background: nil)
        let still = source.frame(0)
        let path = folder.file("still.webp")
        let encoder = WebPEncoder(path: path)
        try encoder.begin(StreamFormat(width: 160, height: 160, rate: FrameRate(30)))
        for i in 0..<45 { try encoder.encode(i >= 20 && i < 25 ? source.frame(i) : still, at: i) }
        let summary = try encoder.finish()
        let webp = try WebPDecoder.decode(path: path)
        #expect(webp.duration == 1500)
        #expect(webp.frames.count == summary.frameCount)
        #expect(webp.frames.count <= 8, "\(webp.frames.count) frames stored for 7 distinct pictures")
        let one = folder.file("one.webp")
        try encodeClip(WebPEncoder(path: one), source, frames: 1)
        let oneFrame = try Data(contentsOf: URL(fileURLWithPath: one)).count
        // Seven distinct pictures cost about seven frames, not 45.
        #expect(summary.byteCount < oneFrame * 8, "\(summary.byteCount) bytes against \(oneFrame) for one frame")
        #expect(straightRGBA(source.frame(24)) == webp.frames[webp.frames.count - 2].rgba.enumerated().map {
            $0.offset % 4 != 3 && webp.frames[webp.frames.count - 2].rgba[$0.offset | 3] == 0 ? 0 : $0.element
        })
    }

    /// Lossy frames: VP8 with a lossless alpha plane; opaque pixels stay close, alpha is exact.
    /// The encoder may store a changed rectangle lossless when that is smaller (allow_mixed):
    /// over a transparent canvas always, over an opaque one with minimize_size (the default);
    /// without it (the ffmpeg program's settings) every opaque frame is lossy.
    @Test func lossyKeepsAlphaExactly() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 128, height: 128, fps: 30, palette: .multiColour, background: nil)
        let path = folder.file("lossy.webp")
        try encodeClip(WebPEncoder(path: path, options: WebPOptions(compression: .lossy(quality: 75))), source, frames: 10)
        let webp = try WebPDecoder.decode(path: path)
        try #require(webp.frames.count == 10)
        #expect(webp.duration == 333)
        for (i, frame) in webp.frames.enumerated() {
            let expected = straightRGBA(source.frame(i))
            let alphaA = stride(from: 3, to: expected.count, by: 4).map { frame.rgba[$0] }
            let alphaB = stride(from: 3, to: expected.count, by: 4).map { expected[$0] }
            #expect(alphaA == alphaB, "frame \(i): alpha changed")
            var over = expected, decoded = frame.rgba
            for p in stride(from: 0, to: over.count, by: 4) where expected[p + 3] < 255 {
                over[p] = 0; over[p + 1] = 0; over[p + 2] = 0; decoded[p] = 0; decoded[p + 1] = 0; decoded[p + 2] = 0
            }
            #expect(psnr(decoded, over) >= 30, "frame \(i): \(psnr(decoded, over)) dB")
        }
        let opaque = SyntheticFrames(width: 128, height: 128, fps: 30, palette: .multiColour, background: SyntheticFrames.RGB(255, 255, 255))
        let white = RGBColor.white
        for minimizeSize in [true, false] {
            let opaquePath = folder.file("opaque-\(minimizeSize).webp")
            try encodeClip(WebPEncoder(path: opaquePath, options: WebPOptions(compression: .lossy(quality: 75), minimizeSize: minimizeSize)),
                           opaque, frames: 10, background: white)
            let decoded = try WebPDecoder.decode(path: opaquePath)
            try #require(decoded.frames.count == 10)
            for (i, frame) in decoded.frames.enumerated() {
                #expect(stride(from: 3, to: frame.rgba.count, by: 4).allSatisfy { frame.rgba[$0] == 255 })
                let expected = opaqueRGBA(opaque.frame(i), over: white)
                #expect(psnr(frame.rgba, expected) >= 30, "frame \(i): \(psnr(frame.rgba, expected)) dB")
            }
            if !minimizeSize { #expect(decoded.frames.allSatisfy { !$0.isLossless }) }
        }
    }

    /// A flat shape moving over an opaque canvas: at quality 75 a changed rectangle is often
    /// smaller stored exactly, so the default lossy file keeps those lossless and is smaller than
    /// one that has only lossy frames. The default lossless level and effort give the same pixels
    /// as the max-effort ones (smaller on the benchmark clips, not on every clip: here it is a
    /// few bytes either way).
    @Test func flatShapesChooseTheSmallerStorage() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 192, height: 192, fps: 30, palette: .twoColour(brandBlue), background: systemGray6)
        let background = systemGray6.encodeColor
        func encode(_ name: String, _ options: WebPOptions) throws -> (bytes: Int, webp: DecodedWebP) {
            let path = folder.file(name)
            let summary = try encodeClip(WebPEncoder(path: path, options: options), source, frames: 20, background: background)
            return (summary.byteCount, try WebPDecoder.decode(path: path))
        }
        let mixed = try encode("mixed.webp", WebPOptions(compression: .lossy(quality: 75), minimizeSize: true))
        let plain = try encode("plain.webp", WebPOptions(compression: .lossy(quality: 75), minimizeSize: false))
        #expect(mixed.webp.frames.contains { $0.isLossless })
        #expect(plain.webp.frames.allSatisfy { !$0.isLossless })
        #expect(mixed.bytes < plain.bytes, "\(mixed.bytes) bytes with lossless rectangles, \(plain.bytes) without")

        let effort = try encode("effort.webp", WebPOptions(compression: .losslessMaxEffort))
        let preset = try encode("preset.webp", WebPOptions(compression: .lossless))
        #expect(WebPOptions.Compression.lossless == .lossless(level: 2, effort: 50))
        #expect(WebPOptions.Compression.lossless.atMaxEffort == .lossless(level: 4, effort: 100))
        #expect(abs(effort.bytes - preset.bytes) < preset.bytes / 20, "\(effort.bytes) bytes at level 4 effort 100, \(preset.bytes) at the default")
        try #require(effort.webp.frames.count == preset.webp.frames.count)
        for (i, (a, b)) in zip(effort.webp.frames, preset.webp.frames).enumerated() {
            #expect(a.isLossless && b.isLossless)
            #expect(a.rgba == b.rgba, "frame \(i)")
            #expect(a.rgba == opaqueRGBA(source.frame(i), over: background), "frame \(i)")
        }
    }

    @Test func sameFramesGiveTheSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 120, height: 90, fps: 30, palette: .multiColour, background: systemGray6)
        for (k, compression) in [WebPOptions.Compression.lossless, .lossy].enumerated() {
            let a = folder.file("a\(k).webp"), b = folder.file("b\(k).webp")
            try encodeClip(WebPEncoder(path: a, options: WebPOptions(compression: compression)), source, frames: 12,
                           background: systemGray6.encodeColor)
            try encodeClip(WebPEncoder(path: b, options: WebPOptions(compression: compression)), source, frames: 12,
                           background: systemGray6.encodeColor)
            #expect(FileManager.default.contentsEqual(atPath: a, andPath: b))
        }
    }

    /// 120 fps would be 8 ms delays, which browsers show for 100 ms: halved to 60 fps.
    @Test func fastClipsAreResampled() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 48, height: 48, fps: 120, background: nil)
        let path = folder.file("fast.webp")
        let summary = try encodeClip(WebPEncoder(path: path), source, frames: 24)
        #expect(summary.notes == ["Browsers show WebP frames of 10 ms or less for 100 ms, so 120 fps was resampled to 60 fps."])
        let webp = try WebPDecoder.decode(path: path)
        #expect(webp.duration == 200 && webp.frames.allSatisfy { $0.duration >= 16 })
    }

    @Test func badSettingsAndCancelLeaveNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let stream = StreamFormat(width: 64, height: 64, rate: FrameRate(30))
        #expect(throws: EncodeError.invalidUse(path: folder.file("a.webp"), reason: "the WebP quality must be 0…99 (100 is lossless), not 120")) {
            try WebPEncoder(path: folder.file("a.webp"), options: WebPOptions(compression: .lossy(quality: 120))).begin(stream)
        }
        #expect(throws: EncodeError.invalidUse(path: folder.file("a.webp"), reason: "the lossless effort must be 0…100, not 101")) {
            try WebPEncoder(path: folder.file("a.webp"), options: WebPOptions(compression: .lossless(level: 4, effort: 101))).begin(stream)
        }
        let encoder = WebPEncoder(path: folder.file("cancelled.webp"))
        try encoder.begin(stream)
        for i in 0..<3 { try encoder.encode(SyntheticFrames(width: 64, height: 64).frame(i), at: i) }
        #expect(folder.contents().count == 1)
        encoder.cancel()
        #expect(folder.contents() == [])
        #expect(throws: EncodeError.self) { try WebPEncoder(path: folder.file("none/a.webp")).begin(stream) }
        #expect(folder.contents() == [])
    }

    /// Pillow (libwebp underneath, but its own demuxing and timing code) agrees on the frame
    /// count, the total duration and the loop count (tests calling it require `.pillow`).
    private func checkWithPillow(_ path: String, frames: Int, durationMilliseconds: Int, loop: Int) throws {
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            total = 0
            for i in range(im.n_frames):
                im.seek(i); im.load(); total += im.info["duration"]
            print(im.n_frames, total, im.info.get("loop"))
            """
        let result = try Requirement.pillow.run(["-c", script, path])
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(frames) \(durationMilliseconds) \(loop)")
    }
}
