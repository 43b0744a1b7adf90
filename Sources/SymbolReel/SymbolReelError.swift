import SymbolEncode
import SymbolSVG
import SymbolTimeline

/// Everything the library's entry points throw: what kind of failure, a sentence a person can act
/// on, and where (file, line, column, and the JSON path inside a preset) when that is known.
/// A preset with several problems throws the first here and the others in `more`, in the order
/// the reader found them.
///
/// ```swift
/// do { _ = try Clip(presetAt: path) } catch {
///     switch error.kind {
///     case .notFound, .unreadable: …
///     default: print(error)   // file:line:column: error: $.canvas.fps: …
///     }
/// }
/// ```
public struct SymbolReelError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for a caller that acts on it (a missing file is not a malformed one).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A preset, or a symbol it names, is not there.
        case notFound
        /// The file is there but cannot be read (a folder, no permission).
        case unreadable
        /// A preset that is not JSON, or breaks the schema of docs/presets.md.
        case badPreset
        /// A symbol (SVG or `.symbolset`) that cannot be drawn.
        case badSymbol
        /// An effect, options or curve expression that does not parse.
        case badExpression
        /// A clip that cannot be made or exported as asked (timeline, canvas, an output's settings).
        case badClip
        /// An output that cannot be created (missing or read-only folder).
        case cannotCreate
        /// Writing an output failed after it was created (full disk, codec failure).
        case writeFailed
        /// `ExportCancellation.cancel()` stopped the export; nothing was left behind.
        case cancelled
    }

    public let kind: Kind
    /// The sentence, without the location.
    public let message: String
    /// The input or output file, when there is one.
    public let file: String?
    /// 1-based line and column in `file`, when known.
    public let line: Int?
    public let column: Int?
    /// Where in a preset (`$.timeline[2].effect`), when the error is about one of its values.
    public let path: String?
    /// The preset's other problems, each with its own position (empty for other kinds).
    public let more: [SymbolReelError]
    /// `file:line:column: error: path: message`, as compilers print errors: one line for this
    /// problem and one for each of `more`.
    public let description: String
    /// The error as the module that found it threw it, for the package's own tests.
    package let underlying: (any Error & Sendable)?

    package init(_ kind: Kind, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
                 path: String? = nil, more: [SymbolReelError] = [], description: String, underlying: (any Error & Sendable)?) {
        self.kind = kind; self.message = message; self.file = file; self.line = line; self.column = column
        self.path = path; self.more = more; self.description = description; self.underlying = underlying
    }

    /// An error of the package's own (SymbolReelTesting's goldens), printed `file: error: message`.
    package init(_ kind: Kind, file: String, _ message: String) {
        self.init(kind, message, file: file, description: "\(file): error: \(message)", underlying: nil)
    }
}

extension SymbolReelError {
    /// Any error as the library's: each module's own error keeps its position and wording;
    /// an error of no known type becomes a `badClip` naming it.
    package init(_ error: any Error) {
        switch error {
        case let e as SymbolReelError:
            self = e
        case let e as SymbolReadError:
            let kind: Kind = e.kind == .notFound ? .notFound : e.kind == .unreadable ? .unreadable : .badSymbol
            self.init(kind, e.message, file: e.file, line: e.line, column: e.column, description: e.description, underlying: e)
        case let e as PresetError:
            let kind: Kind = e.kind == .notFound ? .notFound : e.kind == .unreadable ? .unreadable : .badPreset
            let all = e.problems.map {
                SymbolReelError(kind, $0.message, file: e.file, line: $0.line, column: $0.column, path: $0.path,
                                description: PresetError(kind: e.kind, file: e.file, problems: [$0]).description, underlying: e)
            }
            let first = all.first
            self.init(kind, first?.message ?? "", file: e.file, line: first?.line, column: first?.column, path: first?.path,
                      more: Array(all.dropFirst()), description: e.description, underlying: e)
        case let e as ExpressionError:
            self.init(.badExpression, e.message, path: e.keyPath, description: "error: \(e.message)", underlying: e)
        case let e as ClipError:
            // A preset's refused timeline event is named by its JSON path (Clip(preset:relativeTo:file:)).
            let index = e.file == nil ? nil : e.timeline?.eventIndex
            let path = index.map { "$.timeline[\($0)]" }
            let message = path.map { p in e.message.hasPrefix(p + ": ") ? String(e.message.dropFirst(p.count + 2)) : e.message } ?? e.message
            self.init(.badClip, message, file: e.file, path: path,
                      description: e.file == nil ? "error: \(e.message)" : e.description, underlying: e)
        case let e as TimelineError:
            self.init(.badClip, e.message, description: "error: \(e.description)", underlying: e)
        case let e as EncodeError:
            if case .cannotCreate = e {
                self.init(.cannotCreate, e.description, file: e.path, description: "error: \(e.description)", underlying: e)
            } else {
                self.init(.writeFailed, e.description, file: e.path, description: "error: \(e.description)", underlying: e)
            }
        case let e as CancellationError:
            self.init(.cancelled, "the export was cancelled; nothing was left behind", description: "error: the export was cancelled", underlying: e)
        default:
            self.init(.badClip, "\(error)", description: "error: \(error)", underlying: ClipError("\(error)"))
        }
    }

    /// Runs `body`, throwing whatever it throws as a `SymbolReelError`: the public entry points
    /// are thin wrappers over the package's own, which keep each module's error type.
    package static func wrapping<T>(_ body: () throws -> T) throws(SymbolReelError) -> T {
        do { return try body() } catch { throw SymbolReelError(error) }
    }
}
