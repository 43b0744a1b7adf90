import FuzzBodies
import Foundation
import SymbolTestSupport
import Testing

// Replays, through the same code as the fuzz targets (FuzzBodies), every input a fuzzer once
// crashed on (Tests/Fuzz/regressions/<target>/) and every file of the bad-input corpus through
// every target. Passing means no crash, no trap and no hang (each input is small).
@Suite struct FuzzRegressionTests {
    static let fuzz = packageRoot.appendingPathComponent("Tests/Fuzz")

    static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzBodies.targets.keys.sorted())
    func regressionsReplay(target: String) throws {
        let body = try #require(FuzzBodies.targets[target])
        let files = Self.files(in: Self.fuzz.appendingPathComponent("regressions/\(target)"))
        // Every target replays something: its crashes, or (never crashed) its edge cases.
        #expect(!files.isEmpty, "Tests/Fuzz/regressions/\(target) is empty: this replay would test nothing")
        for file in files { body(Array(try Data(contentsOf: file))) }
    }

    @Test func regressionFoldersAreNamedAfterTargets() {
        for folder in Self.files(in: Self.fuzz.appendingPathComponent("regressions")) {
            #expect(FuzzBodies.targets[folder.lastPathComponent] != nil, "\(folder.lastPathComponent) is not a fuzz target")
        }
    }

    @Test(arguments: FuzzBodies.targets.keys.sorted())
    func badInputCorpusThroughEveryTarget(target: String) throws {
        let body = try #require(FuzzBodies.targets[target])
        let corpus = packageRoot.appendingPathComponent("Tests/BadInputs")
        let files = Self.files(in: corpus.appendingPathComponent("svg")) + Self.files(in: corpus.appendingPathComponent("presets"))
        #expect(files.count >= 60)
        for file in files { body(Array(try Data(contentsOf: file))) }
    }
}
