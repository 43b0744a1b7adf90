import CGIF
import SymbolEncode

/// giflib's streaming writer over an `OutputFile`: screen descriptor, loop extension, one
/// graphics control extension and image per frame, trailer. giflib does the LZW coding; bytes
/// flow through a callback into the file, which records the offsets needed for later patches
/// (the global colour table, filled as colours appear, and a frame delay).
final class GIFWriter {
    private let file: OutputFile
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var failure: EncodeError?
    let globalTableOffset = 13  // after the 6-byte header and 7-byte screen descriptor

    /// Entries in the global table (0 when there is none).
    private let globalSize: Int

    init(file: OutputFile, width: Int, height: Int, globalTableSize: Int?) throws {
        self.file = file
        self.globalSize = globalTableSize ?? 0
        var status: Int32 = 0
        gif = EGifOpen(
            Unmanaged.passUnretained(self).toOpaque(),
            { gif, bytes, count in
                let writer = Unmanaged<GIFWriter>.fromOpaque(gif!.pointee.UserData).takeUnretainedValue()
                return writer.sink(bytes, count)
            }, &status)
        guard gif != nil else { throw EncodeError.codecFailure(path: file.path, reason: GIFWriter.text(status)) }
        EGifSetGifVersion(gif, true)
        var map: UnsafeMutablePointer<ColorMapObject>?
        if let size = globalTableSize { map = GifMakeMapObject(Int32(size), nil) }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map))
    }

    deinit {
        if gif != nil { EGifCloseFile(gif, nil) }
    }

    private func sink(_ bytes: UnsafePointer<GifByteType>?, _ count: Int32) -> Int32 {
        guard failure == nil, let bytes else { return 0 }
        do {
            try file.write(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
            return count
        } catch let error as EncodeError {
            failure = error
        } catch {
            failure = .ioFailure(path: file.path, reason: "\(error)")
        }
        return 0
    }

    /// The NETSCAPE2.0 extension: `repeats` more plays after the first (0 = forever).
    func writeLoop(repeats: Int) throws {
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        try check(EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0"))
        var data: [UInt8] = [1, UInt8(repeats & 0xFF), UInt8(repeats >> 8)]
        try check(EGifPutExtensionBlock(gif, 3, &data))
        try check(EGifPutExtensionTrailer(gif))
    }

    /// Writes one frame from its LZW code stream (see `lzwEncode`); returns the file offset of
    /// its graphics control extension. `minCodeSize` must be the one giflib derives from the
    /// frame's table: its bits per entry, at least 2.
    func writeFrame(
        rect: PixelRect, codes: [UInt8], localTable: [UInt32]?, transparentIndex: Int?, disposal: Int32, delay: Int
    ) throws -> Int {
        var control = GraphicsControlBlock(
            DisposalMode: disposal, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: Int32(transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        EGifGCBToExtension(&control, &extensionBytes)
        let offset = file.position
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes))
        var map: UnsafeMutablePointer<ColorMapObject>?
        if let localTable { map = GIFWriter.makeMap(localTable) }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map))
        // giflib wrote the code size; the code stream follows in sub-blocks of up to 255 bytes.
        let codeSize = Int32(max(2, GIFWriter.bits(for: GIFWriter.tableSize(for: localTable?.count ?? globalSize))))
        var block = [UInt8](repeating: 0, count: 256)
        var start = 0
        while start < codes.count {
            let n = min(255, codes.count - start)
            block[0] = UInt8(n)
            for i in 0..<n { block[i + 1] = codes[start + i] }
            try check(start == 0 ? EGifPutCode(gif, codeSize, block) : EGifPutCodeNext(gif, block))
            start += n
        }
        try check(EGifPutCodeNext(gif, nil))
        return offset
    }

    /// Bits per entry of a table of `size` (a power of two) entries.
    static func bits(for size: Int) -> Int {
        var bits = 1
        while 1 << bits < size { bits += 1 }
        return bits
    }

    /// Rewrites the delay of the frame whose control extension starts at `offset`.
    func patchDelay(at offset: Int, delay: Int) throws {
        try file.patch([UInt8(delay & 0xFF), UInt8(delay >> 8)], at: offset + 4)
    }

    /// Writes the global colour table's final colours (the table's size was fixed at the start).
    func patchGlobalTable(_ colours: [UInt32], size: Int) throws {
        var bytes = [UInt8](repeating: 0, count: size * 3)
        for (i, c) in colours.prefix(size).enumerated() {
            bytes[i * 3] = UInt8(c & 0xFF); bytes[i * 3 + 1] = UInt8(c >> 8 & 0xFF); bytes[i * 3 + 2] = UInt8(c >> 16 & 0xFF)
        }
        try file.patch(bytes, at: globalTableOffset)
    }

    /// Writes the trailer and releases giflib.
    func close() throws {
        var status: Int32 = 0
        let result = EGifCloseFile(gif, &status)
        gif = nil
        if let failure { throw failure }
        if result != GIF_OK { throw EncodeError.codecFailure(path: file.path, reason: GIFWriter.text(status)) }
    }

    /// A giflib colour map of `colours` padded to a power of two (transparent entries black).
    static func makeMap(_ colours: [UInt32]) -> UnsafeMutablePointer<ColorMapObject>? {
        let size = tableSize(for: colours.count)
        var entries = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in colours.enumerated() {
            entries[i] = GifColorType(Red: UInt8(c & 0xFF), Green: UInt8(c >> 8 & 0xFF), Blue: UInt8(c >> 16 & 0xFF))
        }
        return GifMakeMapObject(Int32(size), entries)
    }

    /// GIF tables hold 2, 4, … 256 entries.
    static func tableSize(for count: Int) -> Int {
        var size = 2
        while size < count { size *= 2 }
        return size
    }

    private func check(_ status: Int32) throws {
        guard status != GIF_OK else { return }
        if let failure { throw failure }
        throw EncodeError.codecFailure(path: file.path, reason: GIFWriter.text(gif?.pointee.Error ?? 0))
    }

    private static func text(_ code: Int32) -> String {
        GifErrorString(code).map { "giflib: " + String(cString: $0) } ?? "giflib error \(code)"
    }
}
