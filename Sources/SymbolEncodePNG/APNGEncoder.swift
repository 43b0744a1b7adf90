import SymbolEncode
import SymbolRaster

/// Options for animated PNG output.
public struct APNGOptions: Sendable, Hashable {
    /// Times the animation plays; 0 plays forever.
    public var loopCount: Int = 0
    /// zlib level for the image data, 0…9.
    public var compressionLevel: Int = 6
    /// Store only the changed rectangle of each frame, choosing `dispose_op` and `blend_op`
    /// per frame for the smaller result. Off: every frame is a full picture.
    public var differencing: Bool = true

    public init(loopCount: Int = 0, compressionLevel: Int = 6, differencing: Bool = true) {
        self.loopCount = loopCount
        self.compressionLevel = compressionLevel
        self.differencing = differencing
    }
}

/// Animated PNG through libpng: libpng compresses each frame's pixels and this type writes the
/// `acTL`, `fcTL` and `fdAT` chunks around them (the system libpng has no APNG API). Lossless:
/// frames decode to the straight-alpha colours of the premultiplied input. Each frame's
/// delay is exactly one frame time as a fraction (`delay_num / delay_den` = 1 / fps).
///
/// A frame is written when the next arrives, because its `dispose_op` depends on what follows.
/// Confined: drive it from one queue at a time (see `FrameEncoder`).
public final class APNGEncoder: FrameEncoder, @unchecked Sendable {
    public let path: String
    public let options: APNGOptions
    var file: OutputFile?
    private var check: FrameOrderCheck?
    var width = 0, height = 0
    var delay: (num: UInt16, den: UInt16) = (1, 1)
    private var notes: [String] = []
    private var actlOffset = 0
    var sequence: UInt32 = 0
    var framesWritten = 0
    // Straight RGBA pixels: the frame waiting for its successor, the canvas it is drawn over,
    // the newest frame, and scratch space.
    var pending: [UInt32] = []
    var canvas: [UInt32] = []
    var incoming: [UInt32] = []
    var scratch: [UInt32] = []
    var rectPixels: [UInt32] = []
    private var hasPending = false

    public init(path: String, options: APNGOptions = APNGOptions()) {
        self.path = path
        self.options = options
    }

    deinit { file?.discard() }

    public func begin(_ stream: StreamFormat) throws {
        guard Bitmap.isValidSize(width: stream.width, height: stream.height) else {
            throw EncodeError.unsupportedSize(
                path: path, width: stream.width, height: stream.height, reason: "frames are limited to 8192 pixels a side")
        }
        guard (0...65535).contains(options.loopCount) else {
            throw EncodeError.invalidFrame(path: path, reason: "the loop count must be 0…65535")
        }
        width = stream.width
        height = stream.height
        delay = APNGEncoder.delayFraction(stream.timing)
        if Int(delay.num) * stream.timing.numerator != Int(delay.den) * stream.timing.denominator {
            notes.append("APNG delays are 16-bit fractions, so \(stream.timing) is stored as \(delay.den)/\(delay.num) fps.")
        }
        check = FrameOrderCheck(stream: stream, path: path)
        let file = try OutputFile(path: path)
        self.file = file
        var head = PNGChunk.signature + PNGChunk.header(width: width, height: height)
        head += PNGChunk.make("sRGB", [0])
        actlOffset = head.count
        head += PNGChunk.make("acTL", APNGEncoder.animationControl(frames: 0, plays: options.loopCount))
        try file.write(head)
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    public func encode(_ frame: Bitmap, at index: Int) throws {
        guard check != nil, file != nil else { throw EncodeError.invalidFrame(path: path, reason: "encode called before begin") }
        try check!.accept(frame, at: index)
        frame.straightPixels(into: &incoming)
        if hasPending {
            try writePending(followedBy: true)
        }
        swap(&pending, &incoming)
        hasPending = true
    }

    public func finish() throws -> EncodeSummary {
        guard let file else { throw EncodeError.invalidFrame(path: path, reason: "finish called before begin") }
        do {
            guard hasPending else { throw EncodeError.invalidFrame(path: path, reason: "an APNG needs at least one frame") }
            try writePending(followedBy: false)
            hasPending = false
            try file.write(PNGChunk.make("IEND", []))
            try file.patch(
                PNGChunk.make("acTL", APNGEncoder.animationControl(frames: framesWritten, plays: options.loopCount)),
                at: actlOffset)
            let size = file.position
            try file.commit()
            self.file = nil
            return EncodeSummary(path: path, frameCount: framesWritten, byteCount: size, notes: notes)
        } catch {
            cancel()
            throw error
        }
    }

    public func cancel() {
        file?.discard()
        file = nil
        hasPending = false
    }
}
