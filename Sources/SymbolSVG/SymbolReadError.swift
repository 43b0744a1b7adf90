import SymbolScene

/// A file that cannot be used as a symbol: where, what, and what to do.
package struct SymbolReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for callers that act on the kind (a missing file is not a malformed one).
    package enum Kind: String, Sendable, Hashable {
        case notFound, unreadable, tooLarge, notXML, notSVG, nothingDrawable, tooDeep, tooComplex
        /// An Xcode `.symbolset` folder whose `Contents.json` is missing, malformed or names no SVG.
        case badSymbolSet
    }
    package var kind: Kind
    package var file: String
    package var line: Int?
    package var column: Int?
    package var message: String

    package init(_ kind: Kind, file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.kind = kind; self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// `file:line:column: error: message`, as compilers print it.
    package var description: String {
        var s = file
        if let line { s += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return s + ": error: " + message
    }
}
