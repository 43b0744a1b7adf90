import ArgumentParser
import Foundation
import SymbolReel

/// Size budgets (`"maxBytes"`, `--max-bytes`): the sentence for a file over its budget, and
/// the option's value. A file over budget is kept whole; the command reports it and exits 79.
enum SizeBudget {
    /// `PATH is 123456 bytes (120.6 KiB), over its budget of 100000 bytes (97.7 KiB)`.
    static func overrun(_ r: ExportedOutput) -> String {
        let budget = r.maxBytes ?? 0
        return "\(r.path) is \(r.bytes) bytes (\(human(r.bytes))), over its budget of \(budget) bytes (\(human(budget)))"
    }

    /// Bytes in binary units, one decimal: `812 B`, `120.6 KiB`, `2.4 MiB`, `1.1 GiB`.
    static func human(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        var value = Double(bytes) / 1024
        for unit in ["KiB", "MiB", "GiB"] {
            if value < 1024 || unit == "GiB" { return String(format: "%.1f %@", value, unit) }
            value /= 1024
        }
        return "\(bytes) B"
    }

    /// `--max-bytes`: whole bytes, or a number with `KiB`, `MiB` or `GiB` (`500KiB`, `1.5 MiB`).
    static func parse(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [("GiB", 1_073_741_824), ("MiB", 1_048_576), ("KiB", 1024)]
        for (unit, factor) in units where t.hasSuffix(unit) {
            guard let n = Double(t.dropLast(unit.count).trimmingCharacters(in: .whitespaces)), n.isFinite, n > 0 else { return nil }
            let bytes = (n * factor).rounded(.down)
            return bytes >= 1 && bytes <= 9_007_199_254_740_992 ? Int(bytes) : nil
        }
        guard let n = Int(t), n >= 1 else { return nil }
        return n
    }

    /// `--max-bytes` checked by `validate()`: a usage error (64) naming the forms it takes.
    static func check(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        guard let bytes = parse(text) else {
            throw ValidationError("--max-bytes must be a whole number of bytes of at least 1, or a size in KiB, MiB or GiB (500KiB), not \"\(text)\"")
        }
        return bytes
    }
}
