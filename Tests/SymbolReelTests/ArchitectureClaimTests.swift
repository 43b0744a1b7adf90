import Foundation
import SymbolTestSupport
import Testing

/// docs/architecture.md's counts and names that Package.swift can check, beyond the module
/// table (ArchitectureTableTests): the products the opening paragraph counts and names, and
/// which targets wrap each C module (rule 2).
@Suite struct ArchitectureClaimTests {
    static func words(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The products Package.swift declares, by name.
    static func products() throws -> Set<String> {
        let text = try String(contentsOf: ArchitectureTableTests.manifest, encoding: .utf8)
        let product = try Regex(#"\.(?:library|executable)\(name:\s*"([A-Za-z]+)""#)
        return Set(text.matches(of: product).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test func theProductsCountedAreThePackages() throws {
        let products = try Self.products()
        #expect(products.count >= 4, "\(products.sorted())")
        let text = try Self.words(ArchitectureTableTests.architecture)
        let claim = try #require(text.firstMatch(of: try Regex(#"It is a Swift package with ([a-z]+) products: ([^.]*)\."#)),
                                 "docs/architecture.md no longer says how many products the package has")
        let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight"]
        let said = (claim.output[1].substring).flatMap { numbers.firstIndex(of: String($0)) }.map { $0 + 1 }
        #expect(said == products.count, "docs/architecture.md counts \(claim.output[1].substring ?? "?") products; Package.swift has \(products.count)")
        let named = Set(String(claim.output[2].substring ?? "").matches(of: try Regex(#"`([A-Za-z]+)`"#)).compactMap { $0.output[1].substring.map(String.init) })
        #expect(named == products, "docs/architecture.md names \(named.sorted()); Package.swift's products are \(products.sorted())")
    }

    /// Rule 2: "C module `X` by `A` and `B`" for each C module, with "not by the test support"
    /// where SymbolTestSupport does not depend on it, against every target's dependencies.
    @Test func eachCModuleIsWrappedByTheTargetsNamed() throws {
        let declared = try ArchitectureTableTests.declaredDependencies()
        let text = try Self.words(ArchitectureTableTests.architecture)
        let name = try Regex(#"`(Symbol[A-Za-z0-9]+)`"#)
        var seen: Set<String> = []
        for piece in text.components(separatedBy: "C module `").dropFirst() {
            let module = String(piece.prefix { $0 != "`" })
            let claim = piece.dropFirst(module.count + 1)
            let rest = claim.prefix { $0 != ";" }.components(separatedBy: "If you need")[0]
            seen.insert(module)
            let named = Set(rest.matches(of: name).compactMap { $0.output[1].substring.map(String.init) })
            let users = Set(declared.filter { $0.value.contains(module) && !$0.key.hasSuffix("Tests") && $0.key != "SymbolTestSupport" }.keys)
            #expect(named == users, "docs/architecture.md: \(module) by \(named.sorted()); Package.swift: \(users.sorted())")
            let testSupport = declared["SymbolTestSupport"]?.contains(module) ?? false
            #expect(testSupport == !rest.contains("not by the test support"), "\(module): SymbolTestSupport \(testSupport ? "depends" : "does not depend") on it")
        }
        let cModules = Set(declared.keys.filter { $0.hasPrefix("C") && declared[$0]?.isEmpty == true })
        #expect(seen == cModules, "rule 2 names \(seen.sorted()); Package.swift's C modules are \(cModules.sorted())")
    }
}
