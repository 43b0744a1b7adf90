import Foundation

/// One problem in a preset: where (JSON path and position) and what to do.
package struct PresetProblem: Sendable, Equatable, CustomStringConvertible {
    /// `$.canvas.fps`, `$.timeline[2].effect`, …
    package var path: String
    package var line: Int
    package var column: Int
    package var message: String
    package var description: String { "\(line):\(column): \(path): \(message)" }
}

/// A preset that cannot be used, with every problem found in it.
package struct PresetError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable { case notFound, unreadable, syntax, invalid }
    package var kind: Kind
    package var file: String
    package var problems: [PresetProblem]

    /// One line a problem, `file:line:column: error: path: message`.
    package var description: String {
        problems.map { "\(file):\($0.line):\($0.column): error: \($0.path == "$" ? "" : "\($0.path): ")\($0.message)" }
            .joined(separator: "\n")
    }
}

/// Reads and validates presets, reporting every problem rather than the first.
public enum PresetReader {
    /// Reads a preset file.
    public static func read(contentsOf path: String) throws(SymbolReelError) -> Preset {
        do throws(PresetError) { return try readFile(contentsOf: path) } catch { throw SymbolReelError(error) }
    }

    /// `read(contentsOf:)` throwing the reader's own error, with every problem.
    package static func readFile(contentsOf path: String) throws(PresetError) -> Preset {
        let url = URL(fileURLWithPath: path)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw PresetError(kind: .notFound, file: path,
                              problems: [PresetProblem(path: "$", line: 1, column: 1, message: "no such file; check the path")])
        }
        guard !isDir.boolValue, let data = try? Data(contentsOf: url) else {
            throw PresetError(kind: .unreadable, file: path,
                              problems: [PresetProblem(path: "$", line: 1, column: 1, message: "cannot read the file")])
        }
        guard data.count <= 4 << 20 else {
            throw PresetError(kind: .invalid, file: path,
                              problems: [PresetProblem(path: "$", line: 1, column: 1, message: "the preset is larger than 4 MiB")])
        }
        let folder = url.deletingLastPathComponent()
        return try read(data: Array(data), file: path) { name in
            FileManager.default.fileExists(atPath: name.hasPrefix("/") ? name : folder.appendingPathComponent(name).path)
        }
    }

    /// Reads preset text. `fileExists`, when given, checks the symbol files the preset names
    /// (relative to the preset), so missing ones are reported with the other problems.
    package static func read(data: [UInt8], file: String, fileExists: ((String) -> Bool)? = nil) throws(PresetError) -> Preset {
        let value: JSONValue
        do {
            value = try JSONReader.parse(data)
        } catch {
            throw PresetError(kind: .syntax, file: file,
                              problems: [PresetProblem(path: "$", line: error.line, column: error.column,
                                                       message: error.message + " (the preset is not valid JSON)")])
        }
        var decoder = PresetDecoder()
        let preset = decoder.preset(value)
        let syntaxProblems = decoder.problems.count
        if let fileExists {
            for ref in decoder.fileReferences where !fileExists(ref.file) {
                decoder.problem(ref.value, ref.path, "no such file \"\(ref.file)\" (paths are relative to the preset)")
            }
        }
        if let preset, decoder.problems.isEmpty { return preset }
        // Only missing symbol files: the input is not found, not malformed.
        let kind: PresetError.Kind = syntaxProblems == 0 ? .notFound : .invalid
        throw PresetError(kind: kind, file: file, problems: decoder.problems)
    }
}

extension Preset {
    public init(from decoder: Decoder) throws {
        let value = try JSONValue(from: decoder)
        var d = PresetDecoder()
        guard let p = d.preset(value), d.problems.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: d.problems.map(\.description).joined(separator: "; ")))
        }
        self = p
    }

    public func encode(to encoder: Encoder) throws {
        try PresetWriter.value(self).encode(to: encoder)
    }
}
