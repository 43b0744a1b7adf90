import CLibz

/// A zip archive of deflated entries with fixed timestamps (1980-01-01 00:00, the format's
/// epoch), so the same entries give the same bytes: the dotLottie container. zlib's deflate at
/// level 9 is deterministic for a given zlib; an entry that would not shrink is stored instead.
enum ZipArchive {
    static func archive(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = checksum(entry.bytes)
            let packed = deflated(entry.bytes)
            let method: UInt16 = packed == nil ? 0 : 8
            let data = packed ?? entry.bytes
            let offset = out.count
            // Local file header: version 2.0, no flags, method, time 0, date 1980-01-01.
            out += le32(0x0403_4b50) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0x21)
            out += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(entry.bytes.count))
            out += le16(UInt16(name.count)) + le16(0) + name + data
            // Central directory record.
            central += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0x21)
            central += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(entry.bytes.count))
            central += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) + name
        }
        let directoryOffset = out.count
        out += central
        out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        out += le32(UInt32(central.count)) + le32(UInt32(directoryOffset)) + le16(0)
        return out
    }

    /// Raw deflate at level 9; nil when it does not make the entry smaller.
    static func deflated(_ bytes: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: Int(symbolreel_deflate_bound(UInt(bytes.count))))
        let capacity = UInt(out.count)
        let written = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { symbolreel_deflate_raw(input.baseAddress, UInt(input.count), 9, $0.baseAddress, capacity) }
        }
        guard written >= 0, written < bytes.count else { return nil }
        return Array(out.prefix(written))
    }

    /// CRC-32 (IEEE 802.3, as zip uses it), by zlib.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    }

    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
    private static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xff) } }
}
