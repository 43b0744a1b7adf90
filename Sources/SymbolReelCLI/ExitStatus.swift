import ArgumentParser
import SymbolReel
import Foundation

/// Exit codes from docs/presets.md (sysexits.h values, and one of our own past their range).
enum ExitStatus {
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    /// Every output was written whole, but at least one is larger than its `maxBytes`. The first
    /// code past sysexits.h's range (64…78), so it is never read as one of theirs.
    static let overBudget: Int32 = 79
    static let interrupted: Int32 = 130

    /// The one place a library error becomes an exit code.
    static func code(for kind: SymbolReelError.Kind) -> Int32 {
        switch kind {
        case .notFound, .unreadable: return noInput
        case .badPreset, .badSymbol, .badClip: return dataError
        case .badExpression: return usage
        case .cannotCreate: return cannotCreate
        case .writeFailed: return ioError
        case .cancelled: return interrupted
        }
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    FileHandle.standardError.write(Data(line.utf8))
}

/// Reports a read error the way compilers do and returns the exit code to use.
func fail(_ error: SymbolReadError) -> ExitCode {
    exitStatus(for: error)
}
