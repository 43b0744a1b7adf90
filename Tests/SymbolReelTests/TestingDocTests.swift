import Foundation
import SymbolTestSupport
import Testing

/// docs/testing.md's table of requirements counts the tests of a suite that need each one
/// ("`APNGEncoderTests` (6 tests)"): each count is the number of `@Test` lines in that suite's
/// file whose `.requires(…)` names the row's requirement.
@Suite struct TestingDocTests {
    @Test func theRequirementTableCountsTheTests() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        let start = try #require(text.range(of: "| requirement | tests that skip without it"), "docs/testing.md lost its requirement table")
        let rows = text[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let requirement = try Regex(#"`([A-Za-z0-9]+)`"#)
        let counted = try Regex(#"`([A-Za-z0-9]+Tests)` \((\d+)"#)
        var checked = 0
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let req = cells[0].firstMatch(of: requirement)?.output[1].substring.map(String.init) else { continue }
            for m in cells[1].matches(of: counted) {
                guard let suite = m.output[1].substring.map(String.init), let said = m.output[2].substring.flatMap({ Int($0) }) else { continue }
                let tests = try Self.testLines(of: suite)
                let needing = tests.filter { $0.contains(".requires(") && $0.contains(try! Regex("\\.\(req)\\b")) }.count
                #expect(needing == said, "docs/testing.md: \(suite) has \(said) tests needing \(req); the file has \(needing)")
                checked += 1
            }
        }
        #expect(checked >= 5, "the table's counts were not read")
    }

    /// The `@Test` lines of the file `<suite>.swift` under Tests/.
    static func testLines(of suite: String) throws -> [Substring] {
        let tests = packageRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix("/\(suite).swift") } ?? []
        let file = try #require(files.first, "no file \(suite).swift under Tests/")
        let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@Test") }
    }
}
