#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SymbolEncode
import SymbolRaster

/// A PNG per frame in a folder: `prefix_00000.png`, `prefix_00001.png`, … Each file appears
/// under its name only when complete; `cancel` removes the files this encoder wrote.
///
/// Confined: drive it from one queue at a time (see `FrameEncoder`).
package final class PNGSequenceEncoder: FrameEncoder, @unchecked Sendable {
    package let directory: String
    package let prefix: String
    package let compressionLevel: Int
    private var check: FrameOrderCheck?
    private var written: [String] = []
    private var byteCount = 0
    private var createdDirectory = false

    /// Files go into `directory` (created when missing) named `prefix_NNNNN.png`.
    package init(directory: String, prefix: String, compressionLevel: Int = 6) {
        self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        self.prefix = prefix
        self.compressionLevel = compressionLevel
    }

    /// The file name of frame `index`.
    package func fileName(ofFrame index: Int) -> String {
        let digits = String(index)
        return prefix + "_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    package func begin(_ stream: StreamFormat) throws {
        var info = stat()
        if stat(directory, &info) != 0 {
            if mkdir(directory, 0o755) != 0 {
                throw EncodeError.cannotCreate(path: directory, reason: OutputFile.errnoText())
            }
            createdDirectory = true
        } else if info.st_mode & S_IFMT != S_IFDIR {
            throw EncodeError.cannotCreate(path: directory, reason: "a file with that name exists and is not a folder")
        }
        check = FrameOrderCheck(stream: stream, path: directory)
    }

    package func encode(_ frame: Bitmap, at index: Int) throws {
        guard check != nil else { throw EncodeError.invalidUse(path: directory, reason: "encode called before begin") }
        try check!.accept(frame, at: index)
        let path = directory + "/" + fileName(ofFrame: index)
        let bytes = try PNGStill.write(frame, to: path, compressionLevel: compressionLevel)
        written.append(path)
        byteCount += bytes
    }

    package func finish() throws -> EncodeSummary {
        EncodeSummary(path: directory, frameCount: written.count, byteCount: byteCount)
    }

    package func cancel() {
        for path in written { unlink(path) }
        written.removeAll()
        if createdDirectory { rmdir(directory) }
    }
}
