import SymbolGeometry
import SymbolRaster

/// Something that writes a stream of frames to one output file: `begin`, then `encode` for
/// frames 0, 1, 2… in order, then `finish` (or `cancel`).
///
/// Encoders are confined: each is driven from one serial queue at a time and is not safe to
/// call from two threads at once. They are `Sendable` so that the pipeline can hand one to the
/// queue that owns it. Until `finish` returns, the output exists only as a temporary file
/// beside the destination; `cancel`, a thrown error or deinit removes it.
package protocol FrameEncoder: AnyObject, Sendable {
    /// Opens the temporary output for a stream of frames of this size and rate.
    func begin(_ stream: StreamFormat) throws
    /// Encodes the premultiplied frame `index`; indices start at 0 and go up by one.
    func encode(_ frame: Bitmap, at index: Int) throws
    /// Flushes the encoder, completes the file and renames it into place.
    func finish() throws -> EncodeSummary
    /// Stops and removes the temporary file; nothing appears under the final name.
    func cancel()
}

/// What every frame of a stream shares: its size, its rate and the background to use where a
/// format has no alpha.
package struct StreamFormat: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var rate: FrameRate
    /// The canvas background; nil when the canvas is transparent (formats without alpha then
    /// composite over white).
    package var background: RGBColor?

    package init(width: Int, height: Int, rate: FrameRate, background: RGBColor? = nil) {
        self.width = width
        self.height = height
        self.rate = rate
        self.background = background
    }

}

extension StreamFormat {
    /// Throws `.unsupportedSize` unless frames of this size can exist (see `Bitmap`).
    package func checkSize(for path: String) throws {
        guard Bitmap.isValidSize(width: width, height: height) else {
            throw EncodeError.unsupportedSize(
                path: path, width: width, height: height,
                reason: "frames are limited to \(Bitmap.maxSide) pixels a side and \(Bitmap.maxPixels / 1_048_576) megapixels")
        }
    }
}

/// An opaque 8-bit sRGB colour (backgrounds and mattes).
@usableFromInline package struct RGBColor: Sendable, Hashable {
    package var r: UInt8, g: UInt8, b: UInt8
    package init(r: UInt8, g: UInt8, b: UInt8) { self.r = r; self.g = g; self.b = b }
    package static let white = RGBColor(r: 255, g: 255, b: 255)
    package static let black = RGBColor(r: 0, g: 0, b: 0)
}

/// What a finished output holds, and anything the user should know about how it was made.
package struct EncodeSummary: Sendable, Hashable {
    /// The final path of the file (or folder, for a PNG sequence).
    package var path: String
    /// Frames stored in the file (after any resampling).
    package var frameCount: Int
    /// Bytes written (all files, for a PNG sequence).
    package var byteCount: Int
    /// Sentences about changes the format forced (padding, resampling).
    package var notes: [String]

    package init(path: String, frameCount: Int, byteCount: Int, notes: [String] = []) {
        self.path = path
        self.frameCount = frameCount
        self.byteCount = byteCount
        self.notes = notes
    }
}

/// Checks shared by every encoder: the frame fits the stream and arrives in order.
package struct FrameOrderCheck: Sendable {
    package private(set) var nextIndex = 0
    package let width: Int
    package let height: Int
    package let path: String

    package init(stream: StreamFormat, path: String) {
        self.width = stream.width
        self.height = stream.height
        self.path = path
    }

    package mutating func accept(_ frame: Bitmap, at index: Int) throws {
        guard index == nextIndex else {
            throw EncodeError.invalidUse(
                path: path, reason: "frame \(index) arrived when frame \(nextIndex) was expected")
        }
        guard frame.width == width, frame.height == height else {
            throw EncodeError.invalidUse(
                path: path,
                reason: "frame \(index) is \(frame.width)×\(frame.height), the stream is \(width)×\(height)")
        }
        nextIndex += 1
    }
}
