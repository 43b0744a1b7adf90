import CAVCodec
import SymbolEncode
import SymbolRaster

/// MP4 (H.264) and MOV (ProRes 4444) through libavcodec and libavformat. RGB is converted to
/// YUV by libswscale with BT.709 coefficients (limited range) and the stream and container are
/// tagged BT.709, so players show the colours that were drawn. Frame `i` gets timestamp `i` in
/// a time base of exactly 1/fps; the file holds exactly the frames it was given.
///
/// Confined: drive it from one queue at a time (see `FrameEncoder`).
public final class VideoEncoder: FrameEncoder, @unchecked Sendable {
    public let path: String
    public let codec: VideoCodec
    var file: OutputFile?
    private var check: FrameOrderCheck?
    private var notes: [String] = []
    private var session: AVSession?
    private var background = RGBColor.white
    private var width = 0, height = 0
    /// Converted input: opaque or straight RGBA at the coded size (padding pre-filled).
    private var rgba: [UInt32] = []
    private var framesWritten = 0

    public init(path: String, codec: VideoCodec = .h264) {
        self.path = path
        self.codec = codec
    }

    deinit { cancel() }

    public func begin(_ stream: StreamFormat) throws {
        try stream.checkSize(for: path)
        if case .h264(let o) = codec, !(0...51).contains(o.crf) {
            throw EncodeError.invalidUse(path: path, reason: "the CRF must be 0…51, not \(o.crf)")
        }
        width = stream.width
        height = stream.height
        background = stream.background ?? .white
        var codedWidth = width, codedHeight = height
        if case .h264 = codec, width % 2 != 0 || height % 2 != 0 {
            codedWidth += width % 2
            codedHeight += height % 2
            notes.append(
                "H.264 needs even sizes: \(width)×\(height) was padded to \(codedWidth)×\(codedHeight) with the background.")
        }
        check = FrameOrderCheck(stream: stream, path: path)
        let file = try OutputFile(path: path)
        self.file = file
        do {
            session = try AVSession(
                path: path, temporaryPath: file.temporaryPath, codec: codec, width: codedWidth, height: codedHeight,
                timing: stream.timing)
        } catch {
            cancel()
            throw error
        }
        let fill: UInt32 = {
            if case .h264 = codec { return packRGBA(background.r, background.g, background.b, 255) }
            return 0
        }()
        rgba = [UInt32](repeating: fill, count: codedWidth * codedHeight)
    }

    public func encode(_ frame: Bitmap, at index: Int) throws {
        guard check != nil, let session else {
            throw EncodeError.invalidUse(path: path, reason: "encode called before begin")
        }
        try check!.accept(frame, at: index)
        convert(frame, codedWidth: session.width)
        do {
            try rgba.withUnsafeBytes { raw in
                try session.encode(rgba: raw.baseAddress!, stride: session.width * 4, pts: Int64(index))
            }
        } catch {
            cancel()
            throw error
        }
        framesWritten += 1
    }

    public func finish() throws -> EncodeSummary {
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

    public func cancel() {
        session?.abandon()
        session = nil
        file?.discard()
        file = nil
    }

    /// Opaque RGBA over the background (H.264) or straight RGBA (ProRes), row by row into the
    /// coded-size buffer whose padding already holds the background.
    private func convert(_ frame: Bitmap, codedWidth: Int) {
        let opaque: Bool = { if case .h264 = codec { return true } else { return false } }()
        let bg = background
        frame.pixels.withUnsafeBufferPointer { src in
            rgba.withUnsafeMutableBytes { dst in
                let out = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for y in 0..<frame.height {
                    let s = src.baseAddress! + y * frame.bytesPerRow
                    let d = out + y * codedWidth * 4
                    if opaque {
                        compositeOverRow(s, d, count: frame.width, background: bg)
                    } else {
                        unpremultiplyRow(s, d, count: frame.width)
                    }
                }
            }
        }
    }
}
