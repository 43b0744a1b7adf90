import SymbolEncode
import SymbolRaster

/// Options for animated PNG output.
package struct APNGOptions: Sendable, Hashable {
    /// Times the animation plays; 0 plays forever.
    package var loopCount: Int = 0
    /// zlib level for RGB and RGBA image data, 0…9 (indexed data has its own settings). 8:
    /// on the benchmark's 512² gradient clip, 9 % smaller than 6 for 18 % more time; 9 is
    /// no smaller and twice as slow.
    package var compressionLevel: Int = 8
    /// Store only the changed rectangle of each frame, choosing `dispose_op` and `blend_op`
    /// per frame for the smaller result. Off: every frame is a full picture.
    package var differencing: Bool = true

    package init(loopCount: Int = 0, compressionLevel: Int = 8, differencing: Bool = true) {
        self.loopCount = loopCount
        self.compressionLevel = compressionLevel
        self.differencing = differencing
    }
}

/// Animated PNG through libpng: libpng compresses each frame's pixels and this type writes the
/// `acTL`, `fcTL` and `fdAT` chunks around them (the system libpng has no APNG API). Lossless:
/// frames decode to the straight-alpha colours of the premultiplied input. Each frame's delay
/// is exactly one frame time as a fraction (`delay_num / delay_den` = 1 / fps).
///
/// A clip whose colours fit in 256 (a one-colour symbol's edge blends do) is stored with a
/// palette, a quarter of the data; the palette grows as colours appear and is written at the
/// end. If a later frame brings the 257th colour, the frames written so far are converted to
/// RGB when every frame so far is opaque, else to RGBA, and the clip continues so. A clip with
/// more colours whose first frame is opaque is stored as RGB without alpha (three quarters of
/// the data, SOURCE blending only) until a frame with transparency arrives, which converts it
/// to RGBA the same way.
///
/// A frame is written when the next arrives, because its `dispose_op` depends on what follows.
/// Confined: drive it from one queue at a time (see `FrameEncoder`). As a `StagedFrameEncoder`
/// it lets a driver compress several frames at once on other threads (`APNGFrameCompression`).
package final class APNGEncoder: StagedFrameEncoder, @unchecked Sendable {
    package let path: String
    package let options: APNGOptions
    var file: OutputFile?
    private var check: FrameOrderCheck?
    var width = 0, height = 0
    var delay: (num: UInt16, den: UInt16) = (1, 1)
    private var notes: [String] = []
    var actlOffset = 0
    var sequence: UInt32 = 0
    var framesStaged = 0
    var framesWritten = 0

    /// How pixels are stored: palette indices, RGB (every frame so far opaque) or RGBA. The
    /// colour type is fixed by `IHDR` for the whole clip. `mode` is what staging produces;
    /// `fileMode` what the file holds so far (it follows when the change is committed).
    enum ColourMode: Sendable { case indexed, rgb, truecolour }
    var mode = ColourMode.truecolour
    var fileMode = ColourMode.truecolour
    /// Indexed mode: the palette (straight RGBA), its lookup, where its chunks start. Indexed
    /// and RGB modes: where each written frame's data lies (to convert them to RGBA).
    var palette: [UInt32] = []
    var table = ColorIndexTable()
    var paletteOffset = 0
    var written: [WrittenFrame] = []
    /// Every frame so far is opaque (tracked until the clip is RGBA).
    var clipIsOpaque = true

    struct WrittenFrame {
        var rect: PixelRect
        var dispose: Dispose
        var blend: Blend
        /// File ranges of the compressed data (after any `fdAT` sequence number).
        var data: [Range<Int>]
    }

    // Straight RGBA pixels: the frame waiting for its successor, the canvas it is drawn over,
    // the newest frame, and scratch space.
    var pending: [UInt32] = []
    var canvas: [UInt32] = []
    var incoming: [UInt32] = []
    var scratch: [UInt32] = []
    /// Buffers for staged work, back from committed work.
    var spare = SpareBuffers()
    private var hasPending = false
    private var stagingEnded = false

    package init(path: String, options: APNGOptions = APNGOptions()) {
        self.path = path
        self.options = options
    }

    deinit { file?.discard() }

    package func begin(_ stream: StreamFormat) throws {
        try stream.checkSize(for: path)
        guard (0...65535).contains(options.loopCount) else {
            throw EncodeError.invalidUse(path: path, reason: "the loop count must be 0…65535")
        }
        width = stream.width
        height = stream.height
        delay = APNGEncoder.delayFraction(stream.rate)
        if Int(delay.num) * stream.rate.numerator != Int(delay.den) * stream.rate.denominator {
            notes.append("APNG delays are 16-bit fractions, so \(stream.rate) is stored as \(delay.den)/\(delay.num) fps.")
        }
        check = FrameOrderCheck(stream: stream, path: path)
        file = try OutputFile(path: path)
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    package func encode(_ frame: Bitmap, at index: Int) throws {
        do {
            for work in try stage(frame, at: index) { try commit(try work.run()) }
        } catch {
            cancel()
            throw error
        }
    }

    package func stage(_ frame: Bitmap, at index: Int) throws -> [APNGFrameCompression] {
        guard check != nil, file != nil, !stagingEnded else {
            throw EncodeError.invalidUse(path: path, reason: "encode called before begin or after finish")
        }
        try check!.accept(frame, at: index)
        frame.straightPixels(into: &incoming)
        var work: [APNGFrameCompression] = []
        if hasPending {
            work = try stagePending(followedBy: true)
        } else {
            try writeHeader(firstFrame: incoming)
        }
        swap(&pending, &incoming)
        hasPending = true
        return work
    }

    package func stageEnd() throws -> [APNGFrameCompression] {
        guard file != nil, !stagingEnded else { throw EncodeError.invalidUse(path: path, reason: "finish called before begin") }
        guard hasPending else { throw EncodeError.invalidUse(path: path, reason: "an APNG needs at least one frame") }
        let work = try stagePending(followedBy: false)
        hasPending = false
        stagingEnded = true
        return work
    }

    package func finish() throws -> EncodeSummary {
        guard file != nil else { throw EncodeError.invalidUse(path: path, reason: "finish called before begin") }
        return try finishing(stagingEnded: stagingEnded) {
            guard framesWritten == framesStaged else {
                throw EncodeError.invalidUse(path: path, reason: "finish called with staged frames not committed")
            }
            let file = self.file!  // read after writing: a palette overflow replaces the file
            try file.write(PNGChunk.make("IEND", []))
            try file.patch(
                PNGChunk.make("acTL", APNGEncoder.animationControl(frames: framesWritten, plays: options.loopCount)),
                at: actlOffset)
            if fileMode == .indexed { try file.patch(paletteChunks(), at: paletteOffset) }
            let size = file.position
            try file.commit()
            self.file = nil
            return EncodeSummary(path: path, frameCount: framesWritten, byteCount: size, notes: notes)
        }
    }

    package func cancel() {
        file?.discard()
        file = nil
        hasPending = false
    }

    /// Signature, `IHDR`, `sRGB`, placeholders for `PLTE` and `tRNS` when the first frame's
    /// colours fit a palette, and `acTL` (its frame count is patched at the end). The first
    /// frame chooses the colour type: palette when it has 256 colours or fewer, else RGB when it
    /// is opaque, else RGBA.
    func writeHeader(firstFrame: [UInt32]) throws {
        let everything = PixelRect(x: 0, y: 0, width: width, height: height)
        let colours = firstFrame.withUnsafeBufferPointer {
            missingColours($0, width: width, rect: everything, table: ColorIndexTable(), limit: 256)
        }
        if colours.count <= 256 {
            mode = .indexed
        } else {
            mode = isOpaque(firstFrame) ? .rgb : .truecolour
        }
        fileMode = mode
        let colorType: UInt8 = switch mode {
        case .indexed: 3
        case .rgb: 2
        case .truecolour: 6
        }
        var head = PNGChunk.signature + PNGChunk.header(width: width, height: height, colorType: colorType)
        head += PNGChunk.make("sRGB", [0])
        if mode == .indexed {
            paletteOffset = head.count
            head += paletteChunks()
        }
        actlOffset = head.count
        head += PNGChunk.make("acTL", APNGEncoder.animationControl(frames: 0, plays: options.loopCount))
        try file!.write(head)
    }

    /// `PLTE` and `tRNS` for 256 entries: the palette's colours and alphas, then black, opaque.
    func paletteChunks() -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: 768)
        var alpha = [UInt8](repeating: 255, count: 256)
        for (i, c) in palette.enumerated() {
            rgb[i * 3] = UInt8(c & 0xFF); rgb[i * 3 + 1] = UInt8(c >> 8 & 0xFF); rgb[i * 3 + 2] = UInt8(c >> 16 & 0xFF)
            alpha[i] = UInt8(c >> 24)
        }
        return PNGChunk.make("PLTE", rgb) + PNGChunk.make("tRNS", alpha)
    }
}
