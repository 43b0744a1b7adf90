#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SymbolGeometry
import SymbolScene

/// What to read from a symbol file.
package struct ReadOptions: Sendable, Hashable {
    package var weight: SymbolWeight
    package var scale: SymbolScale
    package init(weight: SymbolWeight = .regular, scale: SymbolScale = .medium) {
        self.weight = weight
        self.scale = scale
    }
}

/// Reads SF Symbols templates and exports, and plain SVG icons, into a `SymbolDocument`.
///
/// Limits are checked before work: files over 32 MiB, nesting deeper than 256 elements and more
/// than 1,000,000 path segments are refused with a clear error.
package enum SymbolReader {
    package static let maxFileSize = 32 << 20

    /// Reads a file from disk.
    package static func read(contentsOf path: String, options: ReadOptions = ReadOptions()) throws(SymbolReadError) -> SymbolDocument {
        let bytes = try readFile(path)
        return try read(data: bytes, fileName: path, options: options)
    }

    /// Reads file contents; `fileName` names the file in errors and diagnostics.
    package static func read(data: [UInt8], fileName: String, options: ReadOptions = ReadOptions()) throws(SymbolReadError) -> SymbolDocument {
        if data.count > maxFileSize {
            throw SymbolReadError(.tooLarge, file: fileName,
                                  "the file is \(data.count >> 20) MiB; symbol files over 32 MiB are refused")
        }
        let xml: XMLDocument
        do {
            xml = try XMLReader.parse(data)
        } catch {
            let kind: SymbolReadError.Kind = error.isDepthLimit ? .tooDeep : .notXML
            throw SymbolReadError(kind, file: fileName, line: error.line, column: error.column,
                                  error.message + (kind == .notXML ? " (the file is not well-formed XML)" : ""))
        }
        guard xml.root.name == "svg" else {
            throw SymbolReadError(.notSVG, file: fileName, line: xml.root.line, column: xml.root.column,
                                  "the root element is <\(xml.root.name)>, not <svg>: this is not an SVG file")
        }
        let ctx = ReadContext(file: fileName, document: xml)
        ctx.index()
        return try DocumentAssembler(ctx: ctx, options: options).assemble()
    }

    private static func readFile(_ path: String) throws(SymbolReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT || e == ENOTDIR {
                throw SymbolReadError(.notFound, file: path, "no such file; check the path")
            }
            throw SymbolReadError(.unreadable, file: path, "cannot open the file: \(String(cString: strerror(e)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw SymbolReadError(.unreadable, file: path, "cannot read the file: \(String(cString: strerror(errno)))")
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            throw SymbolReadError(.unreadable, file: path, "this is a folder, not an SVG file")
        }
        if st.st_size > maxFileSize {
            throw SymbolReadError(.tooLarge, file: path,
                                  "the file is \(st.st_size >> 20) MiB; symbol files over 32 MiB are refused")
        }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var total = 0
        while total < bytes.count {
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + total, $0.count - total) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SymbolReadError(.unreadable, file: path, "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            total += n
        }
        if total < bytes.count { bytes.removeLast(bytes.count - total) }
        return bytes
    }
}

/// read(2), from whichever C library this platform has (inside `SymbolReader` the bare name
/// means its own `read`).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, buffer, count)
    #elseif canImport(Darwin)
    Darwin.read(fd, buffer, count)
    #endif
}
