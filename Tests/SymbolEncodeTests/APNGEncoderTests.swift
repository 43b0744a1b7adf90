import Foundation
import SymbolEncode
@testable import SymbolEncodePNG
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import Testing

@Suite struct APNGEncoderTests {
    static let clips: [(name: String, source: SyntheticFrames)] = [
        ("transparent two-colour", SyntheticFrames(width: 96, height: 80, fps: 30, palette: .twoColour(brandBlue), background: nil)),
        ("solid multicolour", SyntheticFrames(width: 90, height: 90, fps: 60, palette: .multiColour, background: systemGray6)),
        ("transparent multicolour", SyntheticFrames(width: 64, height: 64, fps: 24, palette: .multiColour, background: nil)),
    ]

    @Test(.requires(.ffprobe, .apngdis), arguments: 0..<3) func framesComeBackExactThroughLibavformatAndApngdis(clip: Int) throws {
        let (name, source) = APNGEncoderTests.clips[clip]
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.file("clip.png")
        let count = 18
        let summary = try encodeClip(APNGEncoder(path: path), source, frames: count)
        #expect(summary.frameCount == count)
        let expected = (0..<count).map { straightRGBA(source.frame($0)) }

        let video = try APNGDecoder.decodeWithLibavformat(path: path)
        #expect(video.width == source.width && video.height == source.height)
        try #require(video.frames.count == count, "\(name)")
        for i in 0..<count {
            #expect(video.frames[i].rgba == expected[i], "\(name): libavformat frame \(i) differs by \(maxDifference(video.frames[i].rgba, expected[i]))")
        }

        let frames = try APNGDecoder.decodeWithApngdis(path: path)
        try #require(frames.count == count)
        for i in 0..<count {
            #expect(frames[i].rgba == expected[i], "\(name): apngdis frame \(i) differs by \(maxDifference(frames[i].rgba, expected[i]))")
            #expect(frames[i].delay == (1, source.fps))
        }

        let structure = try APNGDecoder.structure(path: path)
        #expect(structure.frameCount == count && structure.plays == 0)
        // One-colour clips fit a palette (written before acTL); gradients need RGB when opaque,
        // else RGBA.
        let indexed = clip == 0
        #expect(try pngColourType(path) == [3, 2, 6][clip])
        #expect(structure.chunkTypes.prefix(indexed ? 6 : 4)
                == (indexed ? ["IHDR", "sRGB", "PLTE", "tRNS", "acTL", "fcTL"] : ["IHDR", "sRGB", "acTL", "fcTL"]))
        #expect(structure.controls.map(\.sequence) == structure.controls.map(\.sequence).sorted())
        #expect(structure.controls.allSatisfy { $0.delayNum == 1 && $0.delayDen == source.fps })
        // Differencing: after the first, frames store only a part of the canvas.
        #expect(structure.controls.dropFirst().contains { $0.width * $0.height < source.width * source.height / 2 })
        #expect(try ffprobeWarnings(path) == "")
    }

    @Test(.requires(.apngdis)) func differencingMakesTheFileSmallerAndUsesBothDisposeAndBlendOps() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let opaque = SyntheticFrames(width: 120, height: 120, fps: 30, palette: .multiColour, background: systemGray6)
        let clear = SyntheticFrames(width: 120, height: 120, fps: 30, palette: .twoColour(brandBlue), background: nil)
        var sizes: [Int] = []
        for differencing in [false, true] {
            let path = folder.file("d\(differencing).png")
            sizes.append(try encodeClip(APNGEncoder(path: path, options: APNGOptions(differencing: differencing)), opaque, frames: 12).byteCount)
            let frames = try APNGDecoder.decodeWithApngdis(path: path)
            #expect(frames.count == 12)
            for i in [0, 5, 11] { #expect(frames[i].rgba == straightRGBA(opaque.frame(i))) }
        }
        #expect(sizes[1] < sizes[0], "with differencing \(sizes[1]) bytes, without \(sizes[0])")
        // An opaque gradient clip is stored as RGB, which has no transparency to blend OVER
        // with; with transparency (RGBA), frames over an unchanged background blend OVER.
        let opaqueOps = try APNGDecoder.structure(path: folder.file("dtrue.png")).controls
        #expect(opaqueOps.allSatisfy { $0.blend == 0 })
        // (Noise with a transparent corner, so RGBA; two pixels change at opposite corners, so
        // the rectangle is all of it, and only OVER can leave the unchanged noise out.)
        var state: UInt32 = 12345
        var noise = Bitmap(width: 64, height: 64)!
        for p in 1..<(64 * 64) {
            state = state &* 1_664_525 &+ 1_013_904_223
            noise.pixels.replaceSubrange((p * 4)..<(p * 4 + 4), with: [UInt8(state >> 24), UInt8(state >> 16 & 0xFF), UInt8(state >> 8 & 0xFF), 255])
        }
        var changed = noise
        for p in [65, 64 * 63 - 2] { changed.pixels.replaceSubrange((p * 4)..<(p * 4 + 4), with: [255, 0, 0, 255]) }
        let rgbaPath = folder.file("rgba.png")
        let rgbaEncoder = APNGEncoder(path: rgbaPath)
        try rgbaEncoder.begin(StreamFormat(width: 64, height: 64, rate: FrameRate(30)))
        for (i, frame) in [noise, changed].enumerated() { try rgbaEncoder.encode(frame, at: i) }
        _ = try rgbaEncoder.finish()
        #expect(try pngColourType(rgbaPath) == 6)
        #expect(try APNGDecoder.structure(path: rgbaPath).controls.map(\.blend) == [0, 1])
        #expect(try APNGDecoder.decodeWithApngdis(path: rgbaPath).map(\.rgba) == [noise, changed].map(straightRGBA))
        // A big shape that gives way to a small one elsewhere: clearing the first frame leaves
        // only the small one to store.
        let path = folder.file("clear.png")
        let big = clear.frame(0)
        var small = Bitmap(width: 120, height: 120)!
        for y in 4..<12 { for x in 100..<110 { small.pixels.replaceSubrange((y * 480 + x * 4)..<(y * 480 + x * 4 + 4), with: [200, 0, 0, 200]) } }
        let encoder = APNGEncoder(path: path)
        try encoder.begin(StreamFormat(width: 120, height: 120, rate: FrameRate(30)))
        for (i, frame) in [big, small, big].enumerated() { try encoder.encode(frame, at: i) }
        _ = try encoder.finish()
        let ops = try APNGDecoder.structure(path: path).controls
        #expect(ops.map(\.dispose) == [1, 1, 0])
        #expect(ops[1].x == 100 && ops[1].y == 4 && ops[1].width == 10 && ops[1].height == 8)
        let frames = try APNGDecoder.decodeWithApngdis(path: path)
        #expect(frames.map(\.rgba) == [big, small, big].map(straightRGBA))
        #expect(try APNGDecoder.decodeWithLibavformat(path: path).frames.map(\.rgba) == [big, small, big].map(straightRGBA))
    }

    /// A clip that starts with few colours and then needs more than 256: the frames already
    /// written with a palette are converted to RGBA, and the file still decodes exactly.
    @Test(.requires(.ffprobe, .apngdis)) func paletteOverflowConvertsToRGBA() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let simple = SyntheticFrames(width: 80, height: 72, fps: 30, palette: .twoColour(brandBlue), background: nil)
        let rich = SyntheticFrames(width: 80, height: 72, fps: 30, palette: .multiColour, background: nil)
        let frames = (0..<6).map { simple.frame($0) } + (6..<10).map { rich.frame($0) }
        let path = folder.file("overflow.png")
        let encoder = APNGEncoder(path: path)
        try encoder.begin(StreamFormat(width: 80, height: 72, rate: FrameRate(30)))
        for (i, frame) in frames.enumerated() { try encoder.encode(frame, at: i) }
        #expect(try encoder.finish().frameCount == 10)
        let structure = try APNGDecoder.structure(path: path)
        #expect(!structure.chunkTypes.contains("PLTE") && structure.frameCount == 10)
        #expect(structure.controls.map(\.sequence) == structure.controls.map(\.sequence).sorted())
        let expected = frames.map(straightRGBA)
        #expect(try APNGDecoder.decodeWithApngdis(path: path).map(\.rgba) == expected)
        #expect(try APNGDecoder.decodeWithLibavformat(path: path).frames.map(\.rgba) == expected)
        #expect(try ffprobeWarnings(path) == "")
        #expect(folder.contents() == ["overflow.png"])
    }

    /// An opaque clip with more than 256 colours is stored as RGB (colour type 2); a frame
    /// with transparency converts the frames written so far to RGBA, and both decode exactly.
    @Test(.requires(.ffprobe, .apngdis)) func opaqueClipsAreRGBUntilTransparencyArrives() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let opaque = SyntheticFrames(width: 84, height: 70, fps: 30, palette: .multiColour, background: systemGray6)
        let clear = SyntheticFrames(width: 84, height: 70, fps: 30, palette: .multiColour, background: nil)
        let cases: [(name: String, frames: [Bitmap], colourType: UInt8)] = [
            ("opaque", (0..<8).map { opaque.frame($0) }, 2),
            ("then transparent", (0..<5).map { opaque.frame($0) } + (5..<9).map { clear.frame($0) }, 6),
        ]
        for (name, frames, colourType) in cases {
            let path = folder.file(name + ".png")
            let encoder = APNGEncoder(path: path)
            try encoder.begin(StreamFormat(width: 84, height: 70, rate: FrameRate(30)))
            for (i, frame) in frames.enumerated() { try encoder.encode(frame, at: i) }
            #expect(try encoder.finish().frameCount == frames.count)
            #expect(try pngColourType(path) == colourType, "\(name)")
            let structure = try APNGDecoder.structure(path: path)
            #expect(structure.frameCount == frames.count && !structure.chunkTypes.contains("PLTE"))
            #expect(structure.controls.map(\.sequence) == structure.controls.map(\.sequence).sorted())
            let expected = frames.map(straightRGBA)
            #expect(try APNGDecoder.decodeWithApngdis(path: path).map(\.rgba) == expected, "\(name)")
            #expect(try APNGDecoder.decodeWithLibavformat(path: path).frames.map(\.rgba) == expected, "\(name)")
            #expect(try ffprobeWarnings(path) == "")
        }
        #expect(folder.contents().sorted() == ["opaque.png", "then transparent.png"])
    }

    /// `StagedFrameEncoder`: every frame staged before any work runs, the work run all at once
    /// on other threads, the outputs committed in order: the same bytes as `encode`, through a
    /// palette overflow (the mode change is committed between frames) and an RGB clip meeting
    /// transparency.
    @Test func stagedWorkRunConcurrentlyWritesTheSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let simple = SyntheticFrames(width: 80, height: 72, fps: 30, palette: .twoColour(brandBlue), background: nil)
        let rich = SyntheticFrames(width: 80, height: 72, fps: 30, palette: .multiColour, background: nil)
        let opaque = SyntheticFrames(width: 80, height: 72, fps: 30, palette: .multiColour, background: systemGray6)
        let cases: [(String, [Bitmap])] = [
            ("two-colour", (0..<12).map { simple.frame($0) }),
            ("overflow", (0..<6).map { simple.frame($0) } + (6..<10).map { rich.frame($0) }),
            ("rgb then rgba", (0..<5).map { opaque.frame($0) } + (5..<9).map { rich.frame($0) }),
        ]
        let stream = StreamFormat(width: 80, height: 72, rate: FrameRate(30))
        for (name, frames) in cases {
            let plain = APNGEncoder(path: folder.file(name + "-plain.png"))
            try plain.begin(stream)
            for (i, frame) in frames.enumerated() { try plain.encode(frame, at: i) }
            _ = try plain.finish()

            let staged = APNGEncoder(path: folder.file(name + "-staged.png"))
            try staged.begin(stream)
            var work: [APNGFrameCompression] = []
            for (i, frame) in frames.enumerated() { work += try staged.stage(frame, at: i) }
            work += try staged.stageEnd()
            for output in runConcurrentlyInReverse(work) { try staged.commit(try output.get()) }
            #expect(try staged.finish().frameCount == frames.count)

            let a = try Data(contentsOf: URL(fileURLWithPath: folder.file(name + "-plain.png")))
            let b = try Data(contentsOf: URL(fileURLWithPath: folder.file(name + "-staged.png")))
            #expect(a == b, "\(name): \(a.count) bytes plain, \(b.count) staged")
            #expect(try APNGDecoder.decodeWithLibavformat(path: folder.file(name + "-staged.png")).frames.map(\.rgba)
                    == frames.map(straightRGBA), "\(name)")
        }
        // Committing before everything staged has run is caught at finish.
        let early = APNGEncoder(path: folder.file("early.png"))
        try early.begin(stream)
        _ = try early.stage(simple.frame(0), at: 0)
        _ = try early.stage(simple.frame(1), at: 1)
        _ = try early.stageEnd()
        #expect(throws: EncodeError.self) { try early.finish() }
        #expect(!folder.contents().contains("early.png"))
    }

    /// The indexed pass's zlib window reaches two rows back and no further (zlib keeps 262
    /// bytes of lookahead inside its window), with a hash table sized to it.
    @Test func indexedWindowReachesTwoRows() {
        #expect(APNGEncoder.windowBits(reaching: 250) == 9)
        #expect(APNGEncoder.windowBits(reaching: 251) == 10)
        #expect(APNGEncoder.indexedFormat(width: 380).windowBits == 10)  // 762 bytes ≤ 1024 − 262
        #expect(APNGEncoder.indexedFormat(width: 1080).windowBits == 12)  // 2162 > 2048 − 262
        #expect(APNGEncoder.indexedFormat(width: 8192).windowBits == 15)
        #expect(APNGEncoder.indexedFormat(width: 100).level == 9)
        // A hash table four times the window: 2^(memLevel + 7) = 4 · 2^windowBits.
        #expect(APNGEncoder.indexedFormat(width: 380).memLevel == 5)
        #expect(APNGEncoder.indexedFormat(width: 8192).memLevel == 9)
    }

    @Test(.requires(.ffprobe)) func loopCountAndOddRatesAreWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 40, height: 30, fps: 30, background: nil)
        let path = folder.file("ntsc.png")
        try encodeClip(APNGEncoder(path: path, options: APNGOptions(loopCount: 3)), source, frames: 4,
                       rate: FrameRate(numerator: 30000, denominator: 1001))
        let structure = try APNGDecoder.structure(path: path)
        #expect(structure.plays == 3 && structure.frameCount == 4)
        #expect(structure.controls.allSatisfy { $0.delayNum == 1001 && $0.delayDen == 30000 })
        #expect(try ffprobeWarnings(path) == "")
    }

    @Test func cancelAndFailureLeaveNoFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 32, height: 32, fps: 30)
        let encoder = APNGEncoder(path: folder.file("a.png"))
        try encoder.begin(StreamFormat(width: 32, height: 32, rate: FrameRate(30)))
        try encoder.encode(source.frame(0), at: 0)
        #expect(folder.contents().count == 1)
        encoder.cancel()
        #expect(folder.contents() == [])
        // Finishing without frames is an error, and leaves nothing.
        let empty = APNGEncoder(path: folder.file("b.png"))
        try empty.begin(StreamFormat(width: 32, height: 32, rate: FrameRate(30)))
        #expect(throws: EncodeError.self) { try empty.finish() }
        #expect(folder.contents() == [])
        #expect {
            try APNGEncoder(path: folder.file("missing/c.png")).begin(
                StreamFormat(width: 32, height: 32, rate: FrameRate(30)))
        } throws: { error in
            if case .cannotCreate = error as? EncodeError { return true }
            return false
        }
        #expect(throws: EncodeError.self) {
            try APNGEncoder(path: folder.file("huge.png")).begin(
                StreamFormat(width: 9000, height: 32, rate: FrameRate(30)))
        }
        #expect(folder.contents() == [])
    }
}

@Suite struct PNGStillAndSequenceTests {
    @Test(.requires(.ffprobe)) func stillIsStraightAlphaRGBA() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let frame = SyntheticFrames(width: 70, height: 50, fps: 30, palette: .multiColour, background: nil).frame(7)
        let path = folder.file("still.png")
        let bytes = try PNGStill.write(frame, to: path)
        #expect(bytes == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        let picture = try VideoDecoder.decode(path: path)
        #expect(picture.codecName == "png" && picture.pixelFormat == "rgba")
        #expect(picture.frames.first?.rgba == straightRGBA(frame))
        #expect(try ffprobeWarnings(path) == "")
        #expect(folder.contents() == ["still.png"])
    }

    @Test(.requires(.ffprobe)) func sequenceWritesNumberedFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 48, height: 40, fps: 30, background: systemGray6)
        let directory = folder.file("frames")
        let summary = try encodeClip(PNGSequenceEncoder(directory: directory, prefix: "bounce"), source, frames: 12)
        #expect(summary.frameCount == 12 && summary.path == directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == (0..<12).map { "bounce_000\($0 < 10 ? "0" : "")\($0).png" })
        for i in [0, 11] {
            let picture = try VideoDecoder.decode(path: directory + "/" + names[i])
            #expect(picture.frames.first?.rgba == straightRGBA(source.frame(i)))
        }
        #expect(try ffprobeWarnings(directory + "/bounce_00003.png") == "")
    }

    @Test func cancelledSequenceLeavesNoFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let source = SyntheticFrames(width: 16, height: 16, fps: 30)
        let encoder = PNGSequenceEncoder(directory: folder.file("seq"), prefix: "f")
        try encoder.begin(StreamFormat(width: 16, height: 16, rate: FrameRate(30)))
        for i in 0..<3 { try encoder.encode(source.frame(i), at: i) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("seq")).count == 3)
        encoder.cancel()
        #expect(folder.contents() == [])
    }
}

/// The colour type byte of a PNG's `IHDR` (2 RGB, 3 palette, 6 RGBA).
func pngColourType(_ path: String) throws -> UInt8 {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    try #require(bytes.count > 25 && bytes[12..<16].elementsEqual("IHDR".utf8))
    return bytes[25]
}
