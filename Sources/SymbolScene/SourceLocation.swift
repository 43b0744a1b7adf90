/// A place in an input file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    package init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    public var description: String { "\(file):\(line):\(column)" }
}

/// Something the reader dropped or guessed, which the caller may show (or, if it is strict, treat
/// as an error). The document is still usable.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A warning is worth telling the user; a note is an expected quirk of real files, quiet unless asked for.
    public enum Severity: String, Hashable, Sendable { case warning, note }
    public var severity: Severity
    /// A short stable code for tests and filtering, like `bad-path-data`.
    public var code: String
    public var message: String
    public var location: SourceLocation?

    package init(_ severity: Severity = .warning, code: String, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity; self.code = code; self.message = message; self.location = location
    }

    public var description: String {
        (location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message) [\(code)]"
    }
}
