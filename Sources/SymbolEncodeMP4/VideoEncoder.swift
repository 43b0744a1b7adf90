import CAVCodec
import SymbolEncode
import SymbolRaster

/// MP4 (H.264 or HEVC), MOV (ProRes 4444) and WebM (VP9, alpha kept on a transparent canvas)
/// through libavcodec and libavformat. RGB is converted to YUV by libswscale with BT.709
/// coefficients (limited range) and the stream and container are tagged BT.709, so players show
/// the colours that were drawn. Frame `i` gets timestamp `i` in
/// a time base of exactly 1/fps; the file holds exactly the frames it was given.
///
/// Confined: drive it from one queue at a time (see `FrameEncoder`).
package final class VideoEncoder: FrameEncoder, @unchecked Sendable {
    package let path: String
    package let codec: VideoCodec
    var file: OutputFile?
    private var check: FrameOrderCheck?
    private var notes: [String] = []
    private var session: AVSession?
    private var background = RGBColor.white
    /// Frames are composited over the background (the codec or the stream has no alpha).
    private var opaque = true
    /// Invisible pixels take the colour of the nearest visible one (VP9 with alpha: 4:2:0
    /// chroma; see `fillInvisibleRow`).
    private var fillsInvisible = false
    /// The colour of invisible pixels: the mean visible colour of the first frame with any.
    private var invisibleFill: UInt32?
    private var width = 0, height = 0
    /// Converted input, one band of `bandRows` rows at a time: opaque or straight RGBA at the
    /// coded width (the padding column pre-filled). A band rather than a frame keeps it in cache
    /// between this conversion and libswscale's, and saves a frame of memory.
    private var band: [UInt32] = []
    private var fill: UInt32 = 0
    static let bandRows = 32
    private var framesWritten = 0

    package init(path: String, codec: VideoCodec = .h264) {
        self.path = path
        self.codec = codec
    }

    deinit { cancel() }

    package func begin(_ stream: StreamFormat) throws {
        try stream.checkSize(for: path)
        let crf: Int? =
            switch codec {
            case .h264(let o): o.crf
            case .hevc(let o): o.crf
            case .vp9(let o): o.crf
            case .av1(let o): o.crf
            case .prores4444: nil
            }
        if let crf, let maxCRF = codec.maxCRF, !(0...maxCRF).contains(crf) {
            throw EncodeError.invalidUse(path: path, reason: "the CRF must be 0…\(maxCRF), not \(crf)")
        }
        if case .av1(let o) = codec {
            guard (0...13).contains(o.preset) else {
                throw EncodeError.invalidUse(path: path, reason: "the AV1 preset must be 0…13, not \(o.preset)")
            }
            guard !o.webm || stream.background != nil else {
                throw EncodeError.invalidUse(
                    path: path, reason: "AV1 keeps no alpha here (SVT-AV1 codes none) and this canvas is transparent: use \"vp9\" for a .webm with alpha, or give the canvas a background")
            }
        }
        if case .vp9(let o) = codec, !(0...8).contains(o.speed) {
            throw EncodeError.invalidUse(path: path, reason: "the VP9 speed (cpu-used) must be 0…8, not \(o.speed)")
        }
        width = stream.width
        height = stream.height
        background = stream.background ?? .white
        opaque = !codec.keepsAlpha(transparent: stream.background == nil)
        if case .vp9 = codec { fillsInvisible = !opaque }
        var codedWidth = width, codedHeight = height
        if codec.needsEvenSize, width % 2 != 0 || height % 2 != 0 {
            codedWidth += width % 2
            codedHeight += height % 2
            notes.append(
                "\(codec.displayName) needs even sizes: \(width)×\(height) was padded to \(codedWidth)×\(codedHeight) with the background.")
        }
        check = FrameOrderCheck(stream: stream, path: path)
        let file = try OutputFile(path: path)
        self.file = file
        do {
            session = try AVSession(
                path: path, temporaryPath: file.temporaryPath, codec: codec, alpha: !opaque, width: codedWidth,
                height: codedHeight, rate: stream.rate)
        } catch {
            cancel()
            throw error
        }
        fill = opaque ? packRGBA(background.r, background.g, background.b, 255) : 0
        band = [UInt32](repeating: fill, count: codedWidth * min(codedHeight, Self.bandRows))
    }

    package func encode(_ frame: Bitmap, at index: Int) throws {
        guard check != nil, let session else {
            throw EncodeError.invalidUse(path: path, reason: "encode called before begin")
        }
        try check!.accept(frame, at: index)
        do {
            try session.beginPicture()
            frame.pixels.withUnsafeBufferPointer { pixels in
                if fillsInvisible, invisibleFill == nil {
                    invisibleFill = meanVisibleColour(pixels.baseAddress!, width: frame.width, height: frame.height,
                                                      bytesPerRow: frame.bytesPerRow)
                }
                for y in stride(from: 0, to: session.height, by: Self.bandRows) {
                    let rows = min(Self.bandRows, session.height - y)
                    convert(pixels.baseAddress!, of: frame, rows: y..<y + rows, codedWidth: session.width)
                    band.withUnsafeBytes { session.convert(rgba: $0.baseAddress!, stride: session.width * 4, y: y, rows: rows) }
                }
            }
            try session.send(pts: Int64(index))
        } catch {
            cancel()
            throw error
        }
        framesWritten += 1
    }

    package func finish() throws -> EncodeSummary {
        guard let session, let file else { throw EncodeError.invalidUse(path: path, reason: "finish called before begin") }
        do {
            guard framesWritten > 0 else { throw EncodeError.invalidUse(path: path, reason: "a video needs at least one frame") }
            let size = try session.finish()
            self.session = nil
            try file.commit()
            self.file = nil
            return EncodeSummary(path: path, frameCount: framesWritten, byteCount: size, notes: notes)
        } catch {
            cancel()
            throw error
        }
    }

    package func cancel() {
        session?.abandon()
        session = nil
        file?.discard()
        file = nil
    }

    /// Coded rows `rows` into the band: opaque RGBA over the background (H.264, HEVC, opaque VP9)
    /// or straight RGBA (ProRes, transparent VP9). The padding column already holds the fill; a
    /// padding row (odd height) gets it.
    private func convert(_ pixels: UnsafePointer<UInt8>, of frame: Bitmap, rows: Range<Int>, codedWidth: Int) {
        let opaque = self.opaque, bg = background, fill = self.fill
        let fillsInvisible = self.fillsInvisible, invisibleFill = self.invisibleFill ?? 0
        band.withUnsafeMutableBytes { dst in
            let out = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for y in rows {
                let d = out + (y - rows.lowerBound) * codedWidth * 4
                guard y < frame.height else {
                    UnsafeMutableRawPointer(d).initializeMemory(as: UInt32.self, repeating: fill, count: codedWidth)
                    continue
                }
                let s = pixels + y * frame.bytesPerRow
                if opaque {
                    compositeOverRow(s, d, count: frame.width, background: bg)
                } else {
                    unpremultiplyRow(s, d, count: frame.width)
                    if fillsInvisible {
                        // The band is a [UInt32]: its memory is bound to UInt32 already.
                        fillInvisibleRow(UnsafeMutableRawPointer(d).assumingMemoryBound(to: UInt32.self), count: frame.width,
                                         fill: invisibleFill)
                    }
                }
            }
        }
    }
}
