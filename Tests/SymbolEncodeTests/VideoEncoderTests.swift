import Foundation
import SymbolEncode
@testable import SymbolEncodeMP4
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import Testing

@Suite struct VideoEncoderTests {
    /// PSNR is measured on BT.709 luma against the RGB that went in (≥ 40 dB at CRF 18; measured
    /// 42.6–46.4 dB), and on R, G, B: ≥ 34 dB (measured 34.8–36.3 dB). RGB is lower because
    /// 4:2:0 keeps one chroma sample per 2×2 pixels, and this 160 px clip is mostly saturated
    /// blue-on-grey edge, where R and B swing by 240 levels across one pixel. That is the format,
    /// not the conversion: the same frames through 4:2:0 and back without any codec measure
    /// 37.3 dB RGB (ffmpeg's scale filter, our flags), lossless x264 (CRF 0, below) comes back
    /// at 37.4–37.6 dB RGB and 61 dB luma, and through 4:4:4 with the same BT.709 limited-range matrix they
    /// measure 54 dB (the ProRes 4444 test checks the matrix without subsampling). CRF 18 then
    /// spends 1–2.5 dB more on chroma quantization at those edges.
    @Test(.requires(.ffprobe)) func mp4RoundTripKeepsFramesTimesAndColours() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let side = 160
        let source = SyntheticFrames(width: side, height: side, fps: 60, palette: .twoColour(brandBlue), background: systemGray6)
        let path = folder.file("clip.mp4")
        let summary = try encodeClip(VideoEncoder(path: path), source, frames: 24, background: systemGray6.encodeColor)
        #expect(summary.frameCount == 24)
        #expect(summary.notes.isEmpty)

        let video = try VideoDecoder.decode(path: path)
        #expect(video.codecName == "h264" && video.codecTag == "avc1")
        #expect(video.width == side && video.height == side)
        #expect(video.pixelFormat == "yuv420p")
        #expect(video.colorSpace == "bt709" && video.colorPrimaries == "bt709" && video.colorTransfer == "bt709")
        #expect(video.colorRange == "tv")
        try #require(video.frames.count == 24)
        for (i, frame) in video.frames.enumerated() {
            // Frame i at exactly i/60 s: pts × num × 60 == i × den.
            #expect(Int(frame.pts) * video.timeBase.num * 60 == i * video.timeBase.den, "frame \(i) pts \(frame.pts)")
            let expected = opaqueRGBA(source.frame(i), over: systemGray6.encodeColor)
            let lumaQuality = psnr(luma709(frame.rgba), luma709(expected))
            let rgbQuality = psnr(frame.rgba, expected)
            #expect(lumaQuality >= 40, "frame \(i): luma PSNR \(lumaQuality) dB")
            #expect(rgbQuality >= 34, "frame \(i): RGB PSNR \(rgbQuality) dB")
        }
        // Lossless x264: what is left is the BT.709 conversion and 4:2:0 alone.
        let lossless = folder.file("lossless.mp4")
        try encodeClip(
            VideoEncoder(path: lossless, codec: .h264(H264Options(crf: 0))), source, frames: 4,
            background: systemGray6.encodeColor)
        for (i, frame) in try VideoDecoder.decode(path: lossless).frames.enumerated() {
            let expected = opaqueRGBA(source.frame(i), over: systemGray6.encodeColor)
            #expect(psnr(luma709(frame.rgba), luma709(expected)) >= 55, "frame \(i): lossless luma PSNR")
            #expect(psnr(frame.rgba, expected) >= 37, "frame \(i): 4:2:0 RGB PSNR \(psnr(frame.rgba, expected)) dB")
        }
        // The brand colour inside the disc and the background come back within 2 levels.
        let first = source.frame(0)
        let (cx, cy) = (side / 2, Int(Double(side) * 0.62))
        #expect(first.pixel(x: cx, y: cy) == (0, 122, 255, 255))
        for frame in [video.frames[0]] {
            for (x, y, colour) in [(cx, cy, brandBlue), (cx - 5, cy + 4, brandBlue), (cx + 6, cy - 5, brandBlue), (8, 8, systemGray6)] {
                let o = (y * side + x) * 4
                #expect(abs(Int(frame.rgba[o]) - Int(colour.r)) <= 2, "R \(frame.rgba[o]) at \(x),\(y)")
                #expect(abs(Int(frame.rgba[o + 1]) - Int(colour.g)) <= 2, "G \(frame.rgba[o + 1]) at \(x),\(y)")
                #expect(abs(Int(frame.rgba[o + 2]) - Int(colour.b)) <= 2, "B \(frame.rgba[o + 2]) at \(x),\(y)")
            }
        }
        #expect(try ffprobeWarnings(path) == "")
        #expect(folder.contents() == ["clip.mp4", "lossless.mp4"])
    }

    @Test(.requires(.ffprobe)) func oddTransparentFramesArePaddedAndCompositedOverWhite() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 75, height: 61, fps: 30, palette: .twoColour(brandBlue), background: nil)
        let path = folder.file("odd.mp4")
        let summary = try encodeClip(VideoEncoder(path: path), source, frames: 5)
        #expect(summary.notes == ["H.264 needs even sizes: 75×61 was padded to 76×62 with the background."])
        let video = try VideoDecoder.decode(path: path)
        #expect(video.width == 76 && video.height == 62)
        try #require(video.frames.count == 5)
        for (i, frame) in video.frames.enumerated() {
            let expected = opaqueRGBA(source.frame(i), over: .white, width: 76, height: 62)
            #expect(psnr(luma709(frame.rgba), luma709(expected)) >= 38)  // small and mostly edge: 2 dB below the 160 px bar
            let white = Array(frame.rgba[(61 * 76 + 10) * 4..<(61 * 76 + 10) * 4 + 3])  // padding row
            #expect(white.allSatisfy { $0 >= 253 }, "padding \(white)")
            #expect(Int(frame.pts) * video.timeBase.num * 30 == i * video.timeBase.den)
        }
        #expect(try ffprobeWarnings(path) == "")
    }

    @Test func ntscRateKeepsExactTimestamps() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 64, height: 64, fps: 30, background: systemGray6)
        let path = folder.file("ntsc.mp4")
        let rate = FrameRate(numerator: 30000, denominator: 1001)!
        try encodeClip(VideoEncoder(path: path, codec: .h264(H264Options(crf: 23, preset: .veryfast))), source, frames: 12, rate: rate)
        let video = try VideoDecoder.decode(path: path)
        try #require(video.frames.count == 12)
        for (i, frame) in video.frames.enumerated() {
            #expect(Int(frame.pts) * video.timeBase.num * 30000 == i * 1001 * video.timeBase.den)
        }
    }

    /// The lookahead cap and the thread count reach x264: its options string (stored in the
    /// stream) shows rc_lookahead=12 by default, the preset's own 40 for medium without a cap,
    /// and a faster preset's smaller own value is never raised; threads= is one per core by
    /// default (as libavutil counts them) or the number asked for.
    @Test func lookaheadCapAndThreadsReachX264() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 64, height: 48, fps: 30, background: systemGray6)
        func x264Options(_ options: H264Options) throws -> String {
            let path = folder.file("lookahead.mp4")
            try encodeClip(VideoEncoder(path: path, codec: .h264(options)), source, frames: 3,
                           background: systemGray6.encodeColor)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            try FileManager.default.removeItem(atPath: path)
            let text = String(decoding: bytes.map { (32...126).contains($0) ? $0 : 10 }, as: UTF8.self)
            return text.split(separator: "\n").first { $0.contains("rc_lookahead=") }.map(String.init) ?? ""
        }
        let defaults = try x264Options(H264Options())
        #expect(defaults.contains(" rc_lookahead=12 "))
        #expect(defaults.contains(" threads=\(AVSession.availableCores) "), "\(defaults)")
        #expect(try x264Options(H264Options(maxLookahead: nil)).contains(" rc_lookahead=40 "))
        #expect(try x264Options(H264Options(preset: .veryfast)).contains(" rc_lookahead=10 "))
        #expect(try x264Options(H264Options(threads: 1)).contains(" threads=1 "))
        #expect(try x264Options(H264Options(threads: 3)).contains(" threads=3 "))
    }

    @Test func x264ParametersString() {
        #expect(H264Options().x264Parameters(cores: 2) == "log=-1:rc-lookahead=12:threads=2")
        #expect(H264Options(maxLookahead: nil, threads: 0).x264Parameters(cores: 8) == "log=-1:threads=1")
        #expect(H264Options(preset: .ultrafast).x264Parameters(cores: 1) == "log=-1:threads=1")
    }

    @Test(.requires(.ffprobe)) func proResKeepsAlpha() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        // An odd size: ProRes 4444 has no chroma subsampling, so no padding either.
        let source = SyntheticFrames(width: 63, height: 47, fps: 30, palette: .multiColour, background: nil)
        let path = folder.file("clip.mov")
        let summary = try encodeClip(VideoEncoder(path: path, codec: .prores4444), source, frames: 4)
        #expect(summary.frameCount == 4)
        let video = try VideoDecoder.decode(path: path)
        #expect(video.codecName == "prores" && video.codecTag == "ap4h")  // ProRes 4444
        #expect(video.width == 63 && video.height == 47 && summary.notes.isEmpty)
        #expect(video.pixelFormat.hasPrefix("yuva444p"))  // decoded at 12 bits; encoded from yuva444p10le
        #expect(video.colorSpace == "bt709")
        try #require(video.frames.count == 4)
        for (i, frame) in video.frames.enumerated() {
            let expected = straightRGBA(source.frame(i))
            var alphaError = 0
            var colourError = 0
            for p in stride(from: 0, to: expected.count, by: 4) {
                alphaError = max(alphaError, abs(Int(frame.rgba[p + 3]) - Int(expected[p + 3])))
                if expected[p + 3] == 255 {
                    for c in 0..<3 { colourError = max(colourError, abs(Int(frame.rgba[p + c]) - Int(expected[p + c]))) }
                }
            }
            #expect(alphaError <= 1, "frame \(i): alpha off by \(alphaError)")
            #expect(colourError <= 4, "frame \(i): opaque colour off by \(colourError)")
            #expect(Int(frame.pts) * video.timeBase.num * 30 == i * video.timeBase.den)
        }
        #expect(try ffprobeWarnings(path) == "")
    }

    @Test func unwritableDestinationsFailWithCannotCreateAndLeaveNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let stream = StreamFormat(width: 32, height: 32, rate: FrameRate(30))
        _ = FileManager.default.createFile(atPath: folder.file("plain-file"), contents: Data([1]))
        var destinations = [folder.file("no/such/folder/clip.mp4"), folder.file("plain-file/clip.mp4")]
        if getuid() != 0 {  // root writes anywhere, so a read-only folder only stops other users
            let locked = folder.file("locked")
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
            chmod(locked, 0o555)
            destinations.append(locked + "/clip.mp4")
        }
        for destination in destinations {
            for codec in [VideoCodec.h264, .prores4444] {
                do {
                    try VideoEncoder(path: destination, codec: codec).begin(stream)
                    Issue.record("\(destination) was created")
                } catch let error as EncodeError {
                    guard case .cannotCreate(let path, _) = error else {
                        Issue.record("expected cannotCreate, got \(error)")
                        continue
                    }
                    #expect(path == destination)
                    #expect(error.description.hasPrefix("Cannot create \(destination): "))
                    #expect(error.description.hasSuffix("Check that the folder exists and is writable."))
                }
            }
        }
        chmod(folder.file("locked"), 0o755)
        #expect(folder.contents().filter { $0 != "locked" } == ["plain-file"])
    }

    @Test func cancelLeavesNoFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 64, height: 64, fps: 30, background: systemGray6)
        for codec in [VideoCodec.h264, .prores4444] {
            let encoder = VideoEncoder(path: folder.file("cancelled.mp4"), codec: codec)
            try encoder.begin(StreamFormat(width: 64, height: 64, rate: FrameRate(30)))
            for i in 0..<3 { try encoder.encode(source.frame(i), at: i) }
            #expect(folder.contents().count == 1)  // the temporary file, hidden
            encoder.cancel()
            #expect(folder.contents() == [])
        }
    }

    @Test func framesOutOfOrderOrOfTheWrongSizeAreRejected() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let encoder = VideoEncoder(path: folder.file("bad.mp4"))
        try encoder.begin(StreamFormat(width: 32, height: 32, rate: FrameRate(30)))
        #expect(throws: EncodeError.invalidUse(path: folder.file("bad.mp4"), reason: "frame 1 arrived when frame 0 was expected")) {
            try encoder.encode(Bitmap(width: 32, height: 32)!, at: 1)
        }
        #expect(throws: EncodeError.self) { try encoder.encode(Bitmap(width: 30, height: 32)!, at: 0) }
        encoder.cancel()
        #expect(folder.contents() == [])
    }
}
