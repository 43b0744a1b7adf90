import Foundation
import SymbolEncode
@testable import SymbolEncodeMP4
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import Testing

/// AV1 through SVT-AV1, checked with ffprobe and decoded by libavcodec (libdav1d or libaom):
/// codec, container, BT.709 tags, every frame and its time, the pixels close to the source, and
/// nothing written to standard error by the encoder.
@Suite struct AV1EncoderTests {

    func probe(_ path: String) throws -> [String: String] {
        let r = try Requirement.ffprobe.run([
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=codec_name,color_space,color_transfer,color_primaries,nb_read_frames,width,height:format=format_name",
            "-of", "default=noprint_wrappers=1", path,
        ])
        #expect(r.status == 0)
        return Dictionary(r.output.split(separator: "\n").compactMap { line -> (String, String)? in
            let kv = line.split(separator: "=", maxSplits: 1)
            return kv.count == 2 ? (String(kv[0]), String(kv[1])) : nil
        }, uniquingKeysWith: { a, _ in a })
    }

    @Test(.requires(.ffprobe), arguments: [false, true])
    func av1InMP4AndWebM(_ webm: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 96, height: 64, fps: 30, palette: .twoColour(brandBlue), background: systemGray6)
        let path = folder.file(webm ? "clip.webm" : "clip.mp4")
        _ = try encodeClip(VideoEncoder(path: path, codec: .av1(AV1Options(webm: webm))), source, frames: 12,
                           background: systemGray6.encodeColor)
        let fields = try probe(path)
        #expect(fields["codec_name"] == "av1", "\(fields)")
        #expect(fields["format_name"]?.contains(webm ? "webm" : "mp4") == true, "\(fields)")
        #expect(fields["color_space"] == "bt709" && fields["color_transfer"] == "bt709" && fields["color_primaries"] == "bt709", "\(fields)")
        #expect(fields["nb_read_frames"] == "12" && fields["width"] == "96" && fields["height"] == "64")
        let video = try VideoDecoder.decode(path: path)
        try #require(video.frames.count == 12)
        for (i, frame) in video.frames.enumerated() {
            let expected = opaqueRGBA(source.frame(i), over: systemGray6.encodeColor, width: 96, height: 64)
            #expect(psnr(luma709(frame.rgba), luma709(expected)) >= 34, "frame \(i)")
            // MP4 keeps exact times; WebM stores milliseconds, so within half of one.
            let seconds = Double(frame.pts) * Double(video.timeBase.num) / Double(video.timeBase.den)
            #expect(abs(seconds - Double(i) / 30) <= (webm ? 0.0005 : 1e-9), "frame \(i) at \(seconds) s")
        }
        #expect(try ffprobeWarnings(path) == "")
    }

    /// SVT-AV1 codes no alpha: a transparent WebM is refused, before any file is made.
    @Test func aTransparentWebMIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.file("a.webm")
        #expect(throws: EncodeError.self) {
            try VideoEncoder(path: path, codec: .av1(AV1Options(webm: true))).begin(StreamFormat(width: 64, height: 64, rate: FrameRate(30)))
        }
        #expect(throws: EncodeError.invalidUse(path: folder.file("b.mp4"), reason: "the AV1 preset must be 0…13, not 14")) {
            try VideoEncoder(path: folder.file("b.mp4"), codec: .av1(AV1Options(preset: 14)))
                .begin(StreamFormat(width: 64, height: 64, rate: FrameRate(30), background: .white))
        }
        #expect(folder.contents() == [])
    }
}
