import Foundation
import SymbolEncode
@testable import SymbolEncodeGIF
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import Testing

/// What a GIF should show for a premultiplied frame: transparent where alpha is 0 (on a
/// transparent canvas), everything else matted onto `matte` and opaque.
func gifExpected(_ bitmap: Bitmap, matte: RGBColor = .white, transparent: Bool) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width {
            let p = bitmap.pixel(x: x, y: y)
            let v = referenceMatte(p.r, p.g, p.b, p.a, matte: matte, keepTransparent: transparent)
            let o = (y * bitmap.width + x) * 4
            out[o] = UInt8(v & 0xFF); out[o + 1] = UInt8(v >> 8 & 0xFF); out[o + 2] = UInt8(v >> 16 & 0xFF)
            out[o + 3] = UInt8(v >> 24)
        }
    }
    return out
}

@Suite struct GIFEncoderTests {
    @Test(.requires(.ffprobe), arguments: [false, true]) func twoColourFramesAreExact(transparent: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 96, height: 80, fps: 30, palette: .twoColour(brandBlue), background: transparent ? nil : systemGray6)
        let path = folder.file("clip.gif")
        let summary = try encodeClip(GIFEncoder(path: path), source, frames: 20, background: transparent ? nil : systemGray6.encodeColor)
        #expect(summary.frameCount == 20 && summary.notes.isEmpty)
        let gif = try GIFDecoder.decode(path: path)
        #expect(gif.width == 96 && gif.height == 80)
        #expect(gif.loopCount == 0)
        #expect(gif.hasGlobalPalette)
        try #require(gif.frames.count == 20)
        // 20 frames at 30 fps = 666.7 ms: 67 cs, each delay 3 or 4 by cumulative rounding.
        #expect(gif.duration == 67)
        #expect(gif.frames.allSatisfy { $0.delay == 3 || $0.delay == 4 })
        for (i, frame) in gif.frames.enumerated() {
            let expected = gifExpected(source.frame(i), transparent: transparent)
            #expect(frame.rgba == expected, "frame \(i) differs by up to \(maxDifference(frame.rgba, expected))")
        }
        // Later frames store only what changed.
        #expect(gif.frames.dropFirst().allSatisfy { $0.width * $0.height < 96 * 80 })
        #expect(try ffprobeWarnings(path) == "")
        #expect(folder.contents() == ["clip.gif"])
    }

    @Test func sixtyFramesASecondAreResampledByTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 64, height: 64, fps: 60, palette: .twoColour(brandBlue), background: nil)
        let path = folder.file("sixty.gif")
        // 35 frames at 60 fps: 583.3 ms. Frames 0, 2, …, 34 at 30 fps; the last would show for
        // 1 cs, so the frame before it stays up instead.
        let summary = try encodeClip(GIFEncoder(path: path), source, frames: 35)
        #expect(summary.notes == ["GIF delays are whole centiseconds of at least 2 (browsers slow shorter ones down), so 60 fps was resampled to 30 fps."])
        let gif = try GIFDecoder.decode(path: path)
        try #require(gif.frames.count == 17)
        #expect(summary.frameCount == 17)
        #expect(gif.duration == 58)
        #expect(gif.frames.allSatisfy { $0.delay >= 2 })
        for (j, frame) in gif.frames.enumerated() {
            #expect(frame.rgba == gifExpected(source.frame(2 * j), transparent: true), "frame \(j)")
        }
        // A requested 24 fps from 60 takes the frame on screen at each 1/24 s.
        let path24 = folder.file("24.gif")
        try encodeClip(GIFEncoder(path: path24, options: GIFOptions(frameRate: FrameRate(24))), source, frames: 60)
        let gif24 = try GIFDecoder.decode(path: path24)
        try #require(gif24.frames.count == 24)
        #expect(gif24.duration == 100)
        for (j, frame) in gif24.frames.enumerated() {
            #expect(frame.rgba == gifExpected(source.frame(j * 60 / 24), transparent: true), "frame \(j)")
        }
    }

    @Test func totalDurationIsExactForAwkwardRates() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 24, height: 24, fps: 30, background: systemGray6)
        for (rate, frames) in [(FrameRate(numerator: 30000, denominator: 1001)!, 47), (FrameRate(7), 9), (FrameRate(48), 50)] {
            let path = folder.file("rate.gif")
            try encodeClip(GIFEncoder(path: path), source, frames: frames, rate: rate)
            let gif = try GIFDecoder.decode(path: path)
            let exactMs = Double(frames) / rate.framesPerSecond * 1000
            #expect(abs(Double(gif.duration * 10) - exactMs) <= 5, "\(rate): \(gif.duration) cs for \(exactMs) ms")
            #expect(gif.frames.allSatisfy { $0.delay >= 2 })
            try FileManager.default.removeItem(atPath: path)
        }
    }

    /// Gradient content cannot be exact in 256 colours. Stated tolerance: PSNR ≥ 45 dB against
    /// the matted input, flat fills exact, and unchanged pixels identical from frame to frame.
    @Test(.requires(.ffprobe), arguments: [GIFOptions.Dither.floydSteinberg, .ordered, .none], [GIFOptions.PaletteMode.global, .perFrame])
    func multicolourFramesStayCloseAndStable(dither: GIFOptions.Dither, palette: GIFOptions.PaletteMode) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 96, height: 96, fps: 30, palette: .multiColour, background: systemGray6)
        let path = folder.file("multi.gif")
        try encodeClip(GIFEncoder(path: path, options: GIFOptions(palette: palette, dither: dither)), source, frames: 12,
                       background: systemGray6.encodeColor)
        let gif = try GIFDecoder.decode(path: path)
        try #require(gif.frames.count == 12)
        var previous: (expected: [UInt8], decoded: [UInt8])?
        for (i, frame) in gif.frames.enumerated() {
            let expected = gifExpected(source.frame(i), transparent: false)
            let quality = psnr(frame.rgba, expected)
            #expect(quality >= 45, "\(dither) \(palette) frame \(i): \(quality) dB")
            // The background and the green bar's middle are flat colours: exact.
            for (x, y) in [(2, 2), (48, 85)] {
                let o = (y * 96 + x) * 4
                #expect(Array(frame.rgba[o..<o + 4]) == Array(expected[o..<o + 4]), "\(dither) frame \(i) at \(x),\(y)")
            }
            if let previous {
                var shimmer = 0
                for p in stride(from: 0, to: expected.count, by: 4)
                where expected[p..<p + 4] == previous.expected[p..<p + 4] && frame.rgba[p..<p + 4] != previous.decoded[p..<p + 4] {
                    shimmer += 1
                }
                #expect(shimmer == 0, "\(dither) \(palette) frame \(i): \(shimmer) unchanged pixels changed colour")
            }
            previous = (expected, frame.rgba)
        }
        #expect(try ffprobeWarnings(path) == "")
    }

    @Test(.requires(.ffprobe)) func differencingAndPaletteModesChangeSizeNotPictures() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 120, height: 120, fps: 30, palette: .twoColour(brandBlue), background: nil)
        var sizes: [String: Int] = [:]
        for (name, options) in [
            ("plain", GIFOptions(palette: .perFrame, differencing: false)), ("perFrame", GIFOptions(palette: .perFrame)),
            ("global", GIFOptions()),
        ] {
            let path = folder.file(name + ".gif")
            sizes[name] = try encodeClip(GIFEncoder(path: path, options: options), source, frames: 15).byteCount
            let gif = try GIFDecoder.decode(path: path)
            #expect(gif.hasGlobalPalette == (name == "global"))
            if name == "global" {
                // The table fills up as edge colours appear (where the disc's edge crosses the
                // bar's, blends the table lacks appear); only frames with such colours carry
                // a table of their own.
                #expect(gif.frames.prefix(6).allSatisfy { !$0.hasLocalPalette } == true)
                #expect(gif.frames.filter(\.hasLocalPalette).count < gif.frames.count / 2)
            } else {
                #expect(gif.frames.allSatisfy { $0.hasLocalPalette })
            }
            for (i, frame) in gif.frames.enumerated() {
                #expect(frame.rgba == gifExpected(source.frame(i), transparent: true), "\(name) frame \(i)")
            }
            #expect(try ffprobeWarnings(path) == "")
        }
        #expect(sizes["perFrame"]! < sizes["plain"]!, "\(sizes)")
        #expect(sizes["global"]! < sizes["perFrame"]!, "\(sizes)")
    }

    /// `StagedFrameEncoder`: every frame staged before any work runs, the work run all at once
    /// on other threads in reverse, the outputs committed in order: the same bytes as `encode`,
    /// for transparent and opaque clips, global and per-frame palettes, without differencing,
    /// and at a rate GIF resamples (60 fps, a last frame too short to show).
    @Test func stagedWorkRunConcurrentlyWritesTheSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let clear = SyntheticFrames(width: 90, height: 70, fps: 30, palette: .twoColour(brandBlue), background: nil)
        let rich = SyntheticFrames(width: 90, height: 70, fps: 30, palette: .multiColour, background: systemGray6)
        let cases: [(String, SyntheticFrames, GIFOptions, FrameRate, RGBColor?, Int)] = [
            ("transparent", clear, GIFOptions(), FrameRate(30), nil, 14),
            ("per-frame", rich, GIFOptions(palette: .perFrame), FrameRate(30), systemGray6.encodeColor, 10),
            ("no differencing", clear, GIFOptions(differencing: false), FrameRate(30), nil, 8),
            ("resampled", rich, GIFOptions(), FrameRate(60), systemGray6.encodeColor, 13),
        ]
        for (name, source, options, rate, background, count) in cases {
            let stream = StreamFormat(width: source.width, height: source.height, rate: rate, background: background)
            let frames = (0..<count).map { source.frame($0) }
            let plain = GIFEncoder(path: folder.file(name + "-plain.gif"), options: options)
            try plain.begin(stream)
            for (i, frame) in frames.enumerated() { try plain.encode(frame, at: i) }
            let plainSummary = try plain.finish()

            let staged = GIFEncoder(path: folder.file(name + "-staged.gif"), options: options)
            try staged.begin(stream)
            var work: [GIFFrameCompression] = []
            for (i, frame) in frames.enumerated() { work += try staged.stage(frame, at: i) }
            work += try staged.stageEnd()
            for output in runConcurrentlyInReverse(work) { try staged.commit(try output.get()) }
            #expect(try staged.finish().frameCount == plainSummary.frameCount, "\(name)")

            let a = try Data(contentsOf: URL(fileURLWithPath: folder.file(name + "-plain.gif")))
            let b = try Data(contentsOf: URL(fileURLWithPath: folder.file(name + "-staged.gif")))
            #expect(a == b, "\(name): \(a.count) bytes plain, \(b.count) staged")
            #expect(try GIFDecoder.decode(path: folder.file(name + "-staged.gif")).frames.count == plainSummary.frameCount)
        }
    }

    @Test func mattedEdgesUseTheMatteColour() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 64, height: 64, fps: 30, palette: .twoColour(brandBlue), background: nil)
        let path = folder.file("matte.gif")
        let black = RGBColor.black
        try encodeClip(GIFEncoder(path: path, options: GIFOptions(matte: black)), source, frames: 2)
        let gif = try GIFDecoder.decode(path: path)
        let frame = source.frame(0)
        #expect(gif.frames[0].rgba == gifExpected(frame, matte: black, transparent: true))
        // An edge pixel with alpha between 0 and 255 is the blue darkened toward black, opaque.
        let edge = (0..<64 * 64).first { frame.pixels[$0 * 4 + 3] > 60 && frame.pixels[$0 * 4 + 3] < 200 }!
        #expect(gif.frames[0].rgba[edge * 4 + 3] == 255)
        #expect(gif.frames[0].rgba[edge * 4 + 2] == frame.pixels[edge * 4 + 2])  // premultiplied blue over black
        // On an opaque canvas, stray transparency is blended onto the background, not the matte.
        let onGrey = folder.file("grey.gif")
        try encodeClip(GIFEncoder(path: onGrey, options: GIFOptions(matte: black)), source, frames: 2, background: systemGray6.encodeColor)
        #expect(try GIFDecoder.decode(path: onGrey).frames[0].rgba == gifExpected(frame, matte: systemGray6.encodeColor, transparent: false))
    }

    @Test func loopCountIsWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 16, height: 16, fps: 10)
        for (plays, expected) in [(0, Optional(0)), (1, nil), (3, 2)] {
            let path = folder.file("loop\(plays).gif")
            try encodeClip(GIFEncoder(path: path, options: GIFOptions(loopCount: plays)), source, frames: 3)
            #expect(try GIFDecoder.decode(path: path).loopCount == expected)
        }
    }

    @Test func cancelAndUnwritableLeaveNoFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 32, height: 32, fps: 30)
        let stream = StreamFormat(width: 32, height: 32, rate: FrameRate(30))
        let encoder = GIFEncoder(path: folder.file("a.gif"))
        try encoder.begin(stream)
        for i in 0..<4 { try encoder.encode(source.frame(i), at: i) }
        #expect(folder.contents().count == 1)
        encoder.cancel()
        #expect(folder.contents() == [])
        #expect {
            try GIFEncoder(path: folder.file("missing/a.gif")).begin(stream)
        } throws: { error in
            guard case .cannotCreate(let path, _) = error as? EncodeError else { return false }
            return path == folder.file("missing/a.gif")
        }
        #expect(throws: EncodeError.self) { try GIFEncoder(path: folder.file("b.gif"), options: GIFOptions(maxColors: 1)).begin(stream) }
        #expect(folder.contents() == [])
    }
}

/// Our LZW code streams, for every table policy, read back by giflib and by libavcodec.
@Suite struct LZWStreamTests {
    @Test(.requires(.ffprobe), arguments: LZWTablePolicy.allCases) func everyPolicyDecodes(policy: LZWTablePolicy) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        // Noisy enough that the code table fills several times.
        let (w, h) = (300, 200)
        var random = KernelTests.Random(state: 11)
        var indices = [UInt8](repeating: 0, count: w * h)
        for i in indices.indices { indices[i] = random.below(4) == 0 ? UInt8(random.below(200)) : UInt8((i / 7) % 50) }
        let palette: [UInt32] = (0..<256).map { (i: Int) -> UInt32 in
            let r = UInt32(i), g = UInt32(255 - i), b = UInt32((i * 7) & 0xFF)
            return r | g << 8 | b << 16 | 0xFF00_0000
        }
        let codes = indices.withUnsafeBufferPointer { lzwEncode($0, minCodeSize: 8, policy: policy) }
        let path = folder.file("lzw.gif")
        let file = try OutputFile(path: path)
        let writer = try GIFWriter(file: file, width: w, height: h, globalTableSize: nil)
        _ = try writer.writeFrame(
            rect: PixelRect(x: 0, y: 0, width: w, height: h), codes: codes, localTable: palette, transparentIndex: nil,
            disposal: 1, delay: 10)
        try writer.close()
        try file.commit()
        let expected = indices.flatMap { i -> [UInt8] in
            let c = palette[Int(i)]
            return [UInt8(c & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c >> 16 & 0xFF), 255]
        }
        #expect(try GIFDecoder.decode(path: path).frames.first?.rgba == expected)
        #expect(try VideoDecoder.decode(path: path).frames.first?.rgba == expected)
        #expect(try ffprobeWarnings(path) == "")
    }
}
