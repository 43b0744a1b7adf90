import Foundation
import SymbolEncode
@testable import SymbolEncodeMP4
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import Testing

/// WebM (VP9) and HEVC through `VideoEncoder`, decoded by libavformat/libavcodec (the alpha plane
/// through the libvpx decoder) and checked with ffprobe.
@Suite struct WebMEncoderTests {
    /// Matroska stores milliseconds: frame i's timestamp is i × 1000 / fps rounded.
    private func expectMillisecondTimes(_ video: DecodedVideo, fps: Int) {
        for i in video.frames.indices {
            let ms = Double(video.frames[i].pts) * Double(video.timeBase.num) * 1000 / Double(video.timeBase.den)
            #expect(abs(ms - Double(i) * 1000 / Double(fps)) <= 0.5, "frame \(i) at \(ms) ms")
        }
    }

    /// A transparent canvas keeps its alpha: the libvpx decoder returns yuva420p whose corners
    /// are transparent and whose symbol is opaque in the brand colour. The size is odd on
    /// purpose: VP9 needs no padding.
    @Test(.requires(.ffprobe)) func transparentWebMKeepsAlpha() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let (w, h) = (121, 97)
        let source = SyntheticFrames(width: w, height: h, fps: 60, palette: .twoColour(brandBlue), background: nil)
        let path = folder.file("clip.webm")
        let summary = try encodeClip(VideoEncoder(path: path, codec: .vp9), source, frames: 20)
        #expect(summary.frameCount == 20 && summary.notes.isEmpty)

        let video = try VideoDecoder.decode(path: path, decoderName: "libvpx-vp9")
        #expect(video.formatName.contains("webm") && video.codecName == "libvpx-vp9")
        #expect(video.width == w && video.height == h)
        #expect(video.colorSpace == "bt709" && video.colorPrimaries == "bt709" && video.colorTransfer == "bt709")
        #expect(video.colorRange == "tv")
        try #require(video.frames.count == 20)
        expectMillisecondTimes(video, fps: 60)
        for (i, frame) in video.frames.enumerated() {
            let expected = straightRGBA(source.frame(i))
            func alpha(_ x: Int, _ y: Int) -> Int { Int(frame.rgba[(y * w + x) * 4 + 3]) }
            for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (3, 40)] {
                #expect(alpha(x, y) <= 2, "frame \(i): corner \(x),\(y) alpha \(alpha(x, y))")
            }
            // Deep inside the symbol (2 px from any edge): opaque, in the brand colour. Lossy at
            // CRF 32 on a clip this small (all edge), so a bound on the mean and a looser one on
            // the worst pixel.
            var inside = 0, alphaSum = 0, alphaWorst = 0, colourSum = 0, colourWorst = 0
            for y in 0..<h {
                for x in 0..<w where (max(0, x - 2)...min(w - 1, x + 2)).allSatisfy({ expected[(y * w + $0) * 4 + 3] == 255 })
                    && (max(0, y - 2)...min(h - 1, y + 2)).allSatisfy({ expected[($0 * w + x) * 4 + 3] == 255 }) {
                    let o = (y * w + x) * 4
                    inside += 1
                    let da = 255 - Int(frame.rgba[o + 3])
                    let dc = max(abs(Int(frame.rgba[o]) - Int(brandBlue.r)), abs(Int(frame.rgba[o + 1]) - Int(brandBlue.g)),
                                 abs(Int(frame.rgba[o + 2]) - Int(brandBlue.b)))
                    alphaSum += da; alphaWorst = max(alphaWorst, da)
                    colourSum += dc; colourWorst = max(colourWorst, dc)
                }
            }
            #expect(inside > 500, "frame \(i): \(inside) inner pixels")
            #expect(alphaSum <= inside && alphaWorst <= 16, "frame \(i): alpha lost \(alphaSum / max(inside, 1)) on average, \(alphaWorst) at worst")
            #expect(colourSum <= 3 * inside && colourWorst <= 16, "frame \(i): colour off by \(colourSum / max(inside, 1)) on average, \(colourWorst) at worst")
            let a = (0..<(w * h)).map { frame.rgba[$0 * 4 + 3] }, b = (0..<(w * h)).map { expected[$0 * 4 + 3] }
            let alphaError = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(alphaError <= 2 * w * h, "frame \(i): alpha off by \(Double(alphaError) / Double(w * h)) on average")
        }
        // Without libvpx, libavcodec's own VP9 decoder shows the picture alone: opaque.
        let plain = try VideoDecoder.decode(path: path)
        #expect(plain.frames.count == 20 && plain.frames[0].rgba[3] == 255)
        #expect(try ffprobeWarnings(path) == "")
        #expect(folder.contents() == ["clip.webm"])
    }

    @Test func opaqueWebMIsYUV420AndKeepsColours() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 160, height: 160, fps: 30, palette: .twoColour(brandBlue), background: systemGray6)
        let path = folder.file("clip.webm")
        try encodeClip(VideoEncoder(path: path, codec: .vp9), source, frames: 12, background: systemGray6.encodeColor)
        let video = try VideoDecoder.decode(path: path, decoderName: "libvpx-vp9")
        #expect(video.pixelFormat == "yuv420p")
        try #require(video.frames.count == 12)
        expectMillisecondTimes(video, fps: 30)
        for (i, frame) in video.frames.enumerated() {
            #expect(frame.rgba[3] == 255)
            let expected = opaqueRGBA(source.frame(i), over: systemGray6.encodeColor)
            #expect(psnr(luma709(frame.rgba), luma709(expected)) >= 38, "frame \(i)")
        }
    }

    /// libvpx with row multithreading, libx265 and SVT-AV1 with their thread pools give the same
    /// bytes for the same frames; the WebM muxer runs bit-exact (no random UIDs).
    @Test func sameFramesGiveTheSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 128, height: 96, fps: 30, palette: .multiColour, background: nil)
        let grey = systemGray6.encodeColor
        for (name, codec, background) in [("a.webm", VideoCodec.vp9, nil), ("a.mp4", .hevc, nil), ("b.mp4", .av1, grey),
                                          ("b.webm", .av1(AV1Options(webm: true)), grey)] as [(String, VideoCodec, RGBColor?)] {
            let first = folder.file("1-" + name), second = folder.file("2-" + name)
            try encodeClip(VideoEncoder(path: first, codec: codec), source, frames: 10, background: background)
            try encodeClip(VideoEncoder(path: second, codec: codec), source, frames: 10, background: background)
            #expect(FileManager.default.contentsEqual(atPath: first, andPath: second), "\(name) differs between runs")
        }
    }

    /// What Safari and QuickTime need: HEVC in an `hvc1` sample entry, BT.709 tags, every frame.
    @Test(.requires(.ffprobe)) func hevcIsHvc1WithBT709() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 75, height: 61, fps: 30, palette: .twoColour(brandBlue), background: systemGray6)
        let path = folder.file("clip.mp4")
        let summary = try encodeClip(VideoEncoder(path: path, codec: .hevc), source, frames: 15, background: systemGray6.encodeColor)
        #expect(summary.notes == ["HEVC needs even sizes: 75×61 was padded to 76×62 with the background."])
        let probe = try Requirement.ffprobe.run([
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=codec_name,codec_tag_string,color_space,color_transfer,color_primaries,nb_read_frames,width,height",
            "-of", "default=noprint_wrappers=1", path,
        ])
        #expect(probe.status == 0)
        let fields = Dictionary(uniqueKeysWithValues: probe.output.split(separator: "\n").compactMap { line -> (String, String)? in
            let kv = line.split(separator: "=", maxSplits: 1)
            return kv.count == 2 ? (String(kv[0]), String(kv[1])) : nil
        })
        #expect(fields["codec_name"] == "hevc" && fields["codec_tag_string"] == "hvc1", "\(fields)")
        #expect(fields["color_space"] == "bt709" && fields["color_transfer"] == "bt709" && fields["color_primaries"] == "bt709")
        #expect(fields["nb_read_frames"] == "15" && fields["width"] == "76" && fields["height"] == "62")
        // faststart: the index (moov) before the media data (mdat).
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let text = String(decoding: bytes.prefix(4096).map { (32...126).contains($0) ? $0 : 46 }, as: UTF8.self)
        #expect(text.contains("moov") && !text.prefix(text.range(of: "moov")!.lowerBound.utf16Offset(in: text)).contains("mdat"))
        let video = try VideoDecoder.decode(path: path)
        try #require(video.frames.count == 15)
        for (i, frame) in video.frames.enumerated() {
            let expected = opaqueRGBA(source.frame(i), over: systemGray6.encodeColor, width: 76, height: 62)
            #expect(psnr(luma709(frame.rgba), luma709(expected)) >= 36, "frame \(i)")  // small, mostly edge, CRF 22
            #expect(Int(frame.pts) * video.timeBase.num * 30 == i * video.timeBase.den)
        }
        #expect(try ffprobeWarnings(path) == "")
    }

    @Test func badSettingsAndCancelLeaveNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let stream = StreamFormat(width: 64, height: 64, rate: FrameRate(30))
        #expect(throws: EncodeError.invalidUse(path: folder.file("a.webm"), reason: "the CRF must be 0…63, not 64")) {
            try VideoEncoder(path: folder.file("a.webm"), codec: .vp9(VP9Options(crf: 64))).begin(stream)
        }
        #expect(throws: EncodeError.invalidUse(path: folder.file("a.mp4"), reason: "the CRF must be 0…51, not 52")) {
            try VideoEncoder(path: folder.file("a.mp4"), codec: .hevc(HEVCOptions(crf: 52))).begin(stream)
        }
        let source = SyntheticFrames(width: 64, height: 64, fps: 30)
        for codec in [VideoCodec.vp9, .hevc] {
            let encoder = VideoEncoder(path: folder.file("cancelled"), codec: codec)
            try encoder.begin(stream)
            for i in 0..<3 { try encoder.encode(source.frame(i), at: i) }
            #expect(folder.contents().count == 1)
            encoder.cancel()
        }
        #expect(folder.contents() == [])
    }
}
