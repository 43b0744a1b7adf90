import Foundation

/// Size, frame count and length of an existing GIF or APNG, read from its headers and frame
/// delays without decoding pixels (for `gallery` cards of clips it did not render). Nil for a
/// file that is not one or is cut short.
struct ClipFileFacts: Equatable {
    var width: Int
    var height: Int
    var frames: Int
    var seconds: Double

    static func read(_ path: String) -> ClipFileFacts? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        return gif(bytes) ?? png(bytes)
    }

    /// GIF: the logical screen size, one frame per image descriptor, delays from the graphic
    /// control extensions (hundredths of a second).
    static func gif(_ b: [UInt8]) -> ClipFileFacts? {
        guard b.count >= 13, b[0..<6].elementsEqual("GIF89a".utf8) || b[0..<6].elementsEqual("GIF87a".utf8) else { return nil }
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        let width = u16(6), height = u16(8)
        var i = 13 + (b[10] & 0x80 != 0 ? 3 << (Int(b[10] & 7) + 1) : 0)
        var frames = 0, hundredths = 0
        /// Index just past a run of data sub-blocks starting at `i`, nil when cut short.
        func skipSubBlocks(_ start: Int) -> Int? {
            var j = start
            while j < b.count {
                let n = Int(b[j])
                j += 1 + n
                if n == 0 { return j }
            }
            return nil
        }
        while i < b.count {
            switch b[i] {
            case 0x3B:
                return frames > 0 ? ClipFileFacts(width: width, height: height, frames: frames, seconds: Double(hundredths) / 100) : nil
            case 0x21:
                guard i + 1 < b.count else { return nil }
                if b[i + 1] == 0xF9, i + 7 < b.count { hundredths += u16(i + 4) }
                guard let next = skipSubBlocks(i + 2) else { return nil }
                i = next
            case 0x2C:
                guard i + 10 < b.count else { return nil }
                let local = b[i + 9] & 0x80 != 0 ? 3 << (Int(b[i + 9] & 7) + 1) : 0
                frames += 1
                guard let next = skipSubBlocks(i + 10 + local + 1) else { return nil }
                i = next
            default:
                return nil
            }
        }
        return nil
    }

    /// PNG or APNG: the IHDR size; an APNG's frames are its fcTL chunks with their delays (a
    /// plain PNG is one frame of no length).
    static func png(_ b: [UInt8]) -> ClipFileFacts? {
        guard b.count >= 33, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        func u16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        var facts = ClipFileFacts(width: u32(16), height: u32(20), frames: 0, seconds: 0)
        var i = 8
        while i + 8 <= b.count {
            let length = u32(i)
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            guard i + 12 + length <= b.count else { return nil }
            if type == "fcTL", length >= 26 {
                let numerator = u16(i + 8 + 20), denominator = u16(i + 8 + 22)
                facts.frames += 1
                facts.seconds += Double(numerator) / Double(denominator == 0 ? 100 : denominator)
            }
            if type == "IEND" { return facts.frames == 0 ? ClipFileFacts(width: facts.width, height: facts.height, frames: 1, seconds: 0) : facts }
            i += 12 + length
        }
        return nil
    }
}
