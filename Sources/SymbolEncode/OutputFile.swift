#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written under a temporary name beside its destination and renamed into place only
/// when complete, so a failed or cancelled export never leaves a partial file under the final
/// name. Writes are buffered; `patch` rewrites bytes already written (header fields whose
/// values are known only at the end, such as a frame count) and `read` reads them back.
///
/// Confined: used by one encoder on one queue.
package final class OutputFile {
    package let path: String
    package let temporaryPath: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    private let bufferCapacity = 1 << 16
    /// Bytes written so far, buffered or not.
    package private(set) var position = 0
    private var finished = false

    /// Creates the temporary file, failing with `.cannotCreate` when the folder is missing,
    /// read-only or not ours.
    package init(path: String) throws {
        self.path = path
        self.temporaryPath = OutputFile.temporaryName(for: path)
        fd = open(temporaryPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 { throw EncodeError.cannotCreate(path: path, reason: OutputFile.errnoText()) }
        buffer.reserveCapacity(bufferCapacity)
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends bytes.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        position += bytes.count
        if buffer.count + bytes.count > bufferCapacity {
            try flush()
            if bytes.count >= bufferCapacity {
                try writeAll(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Overwrites bytes at `offset`, which must lie in what was already written.
    package func patch(_ bytes: [UInt8], at offset: Int) throws {
        precondition(offset >= 0 && offset + bytes.count <= position, "patch outside the written range")
        try flush()
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = posixPwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw EncodeError.ioFailure(path: path, reason: OutputFile.errnoText())
                }
                done += n
            }
        }
    }

    /// Reads back `count` bytes written at `offset`.
    package func read(at offset: Int, count: Int) throws -> [UInt8] {
        precondition(offset >= 0 && offset + count <= position, "read outside the written range")
        try flush()
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { raw in
            var done = 0
            while done < count {
                let n = posixPread(fd, raw.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { throw EncodeError.ioFailure(path: path, reason: n < 0 ? OutputFile.errnoText() : "the file ends early") }
                done += n
            }
        }
        return bytes
    }

    package func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes and renames the temporary file to the final name.
    package func commit() throws {
        try flush()
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw EncodeError.ioFailure(path: path, reason: OutputFile.errnoText()) }
        try OutputFile.rename(temporaryPath, to: path)
        finished = true
    }

    /// Closes and removes the temporary file.
    package func discard() {
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporaryPath)
        finished = true
    }

    private func writeAll(_ raw: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < raw.count {
            let n = posixWrite(fd, raw.baseAddress! + done, raw.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw EncodeError.ioFailure(path: path, reason: OutputFile.errnoText())
            }
            done += n
        }
    }

    /// A hidden name in the destination's folder: `.name.<random>.partial`.
    package static func temporaryName(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let tag = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return "\(folder).\(name).\(tag).partial"
    }

    /// Renames a completed temporary file into place.
    package static func rename(_ from: String, to: String) throws {
        if posixRename(from, to) != 0 {
            let reason = errnoText()
            unlink(from)
            throw EncodeError.cannotCreate(path: to, reason: reason)
        }
    }

    /// The C library's message for the current `errno`, lowercased to sit inside a sentence.
    package static func errnoText(_ code: Int32 = errno) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

// File-scope wrappers: inside `OutputFile` the names `write` and `rename` mean its methods.
private func posixWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func posixPwrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int, _ o: off_t) -> Int { pwrite(fd, p, n, o) }
private func posixPread(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int, _ o: off_t) -> Int { pread(fd, p, n, o) }
private func posixRename(_ a: String, _ b: String) -> Int32 { rename(a, b) }
