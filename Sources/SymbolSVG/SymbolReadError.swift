import SymbolScene

/// A file that cannot be used as a symbol: where, what, and what to do.
public struct SymbolReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for callers that act on the kind (a missing file is not a malformed one).
    public enum Kind: String, Sendable, Hashable {
        case notFound, unreadable, tooLarge, notXML, notSVG, nothingDrawable, tooDeep, tooComplex
        /// An Xcode `.symbolset` folder whose `Contents.json` is missing, malformed or names no SVG.
        case badSymbolSet
    }
    public var kind: Kind
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(_ kind: Kind, file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.kind = kind; self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// `file:line:column: error: message`, as compilers print it.
    public var description: String {
        var s = file
        if let line { s += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return s + ": error: " + message
    }
}
