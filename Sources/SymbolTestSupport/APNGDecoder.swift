import Foundation

/// Reads animated PNGs two independent ways: libavformat's APNG demuxer and decoder, and the
/// `apngdis` program (frames written as PNGs, then decoded). Both return full composited
/// frames as straight RGBA. `structure` reads the animation chunks themselves.
package enum APNGDecoder {
    /// A frame from `apngdis`: composited straight RGBA and its delay as written.
    package struct Frame: Sendable {
        package var rgba: [UInt8]
        package var delay: (num: Int, den: Int)
    }

    /// The animation chunks: `acTL` counts and each `fcTL`, in file order.
    package struct Structure: Sendable {
        /// One `fcTL` chunk's fields.
        package struct FrameControl: Sendable {
            package var sequence: Int, width: Int, height: Int, x: Int, y: Int
            package var delayNum: Int, delayDen: Int, dispose: Int, blend: Int
        }
        package var frameCount: Int
        package var plays: Int
        package var controls: [FrameControl]
        /// Chunk types in order (`IHDR`, `acTL`, `fcTL`, `IDAT`, `fdAT`, …).
        package var chunkTypes: [String]
    }

    /// Frames through libavformat (the `apng` demuxer and decoder).
    package static func decodeWithLibavformat(path: String) throws -> DecodedVideo {
        let video = try VideoDecoder.decode(path: path)
        guard video.formatName == "apng" else { throw DecodeError("libavformat read \(path) as \(video.formatName)") }
        return video
    }

    /// Frames through `apngdis`, run in a scratch folder.
    package static func decodeWithApngdis(path: String) throws -> [Frame] {
        let scratch = NSTemporaryDirectory() + "apngdis-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let copy = scratch + "/anim.png"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let run = try Requirement.apngdis.run(["anim.png", "frame"], in: URL(fileURLWithPath: scratch))
        guard run.status == 0 else { throw DecodeError("apngdis failed on \(path): \(run.output)") }
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch)
            .filter { $0.hasPrefix("frame") && $0.hasSuffix(".png") }
            .sorted { Int($0.dropFirst(5).dropLast(4))! < Int($1.dropFirst(5).dropLast(4))! }
        return try names.map { name in
            let picture = try VideoDecoder.decode(path: scratch + "/" + name)
            guard let first = picture.frames.first else { throw DecodeError("apngdis wrote an empty \(name)") }
            let text = try String(contentsOfFile: scratch + "/" + name.dropLast(4) + ".txt", encoding: .utf8)
            let fraction = text.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("delay=".count)
                .split(separator: "/").map { Int($0)! }
            return Frame(rgba: first.rgba, delay: (fraction[0], fraction[1]))
        }
    }

    /// Parses the chunk structure (no pixels).
    package static func structure(path: String) throws -> Structure {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        var result = Structure(frameCount: 0, plays: 0, controls: [], chunkTypes: [])
        var i = 8
        while i + 12 <= bytes.count {
            let length = u32(i)
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let d = i + 8
            result.chunkTypes.append(type)
            if type == "acTL" {
                result.frameCount = u32(d)
                result.plays = u32(d + 4)
            } else if type == "fcTL" {
                result.controls.append(
                    .init(
                        sequence: u32(d), width: u32(d + 4), height: u32(d + 8), x: u32(d + 12), y: u32(d + 16),
                        delayNum: u16(d + 20), delayDen: u16(d + 22), dispose: Int(bytes[d + 24]), blend: Int(bytes[d + 25])))
            }
            i += length + 12
        }
        return result
    }
}
