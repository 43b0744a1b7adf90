import Foundation
import Testing

/// The bad-input corpus (Tests/BadInputs, written by its make_corpus.py): broken XML, truncated
/// and binary files, wrong encodings, NaN and 1e308 numbers, invalid colours and transforms,
/// presets with wrong types, unknown effects, negative durations, impossible sizes. Each row of
/// cases.tsv names a command, the exit code it must give and what standard error must say; no
/// row may crash or hang (a 60 s limit), and a failing command leaves no output file behind.
@Suite(.startsSymbolreel) struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { "\(file): \(arguments.first ?? "")" }
    }

    static let folder = CLI.packageRoot.appendingPathComponent("Tests/BadInputs")

    static let cases: [Case] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("cases.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 4, let status = Int32(f[2]) else { return nil }
            return Case(file: f[0], arguments: f[1].split(separator: " ").map(String.init), status: status, message: f[3])
        }
    }()

    @Test func theCorpusIsComplete() throws {
        let files = Set(BadInputTests.cases.map(\.file))
        #expect(files.count >= 60, "at least 60 bad inputs")
        for sub in ["svg", "presets"] {
            let listed = try FileManager.default.contentsOfDirectory(atPath: BadInputTests.folder.appendingPathComponent(sub).path)
            for name in listed { #expect(files.contains("\(sub)/\(name)"), "\(sub)/\(name) has no row in cases.tsv") }
        }
    }

    @Test(arguments: cases)
    func givesItsExitCodeAndMessage(_ c: Case) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let args = c.arguments.map { $0 == "{}" ? c.file : $0 == "OUT.png" ? out.path : $0 }
        let r = try CLI.run(args, in: BadInputTests.folder, timeout: 60)
        #expect(r.status == c.status, "\(c.file) \(c.arguments.joined(separator: " ")): exit \(r.status), stderr: \(r.stderr.prefix(300))")
        #expect(c.message.isEmpty || r.stderr.contains(c.message), "stderr was: \(r.stderr.prefix(400))")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"))
        if c.status != 0 {
            #expect(!FileManager.default.fileExists(atPath: out.path), "a failed command left \(out.lastPathComponent)")
            for name in ["bad.gif", "wide.gif", "clip.avi"] {
                #expect(!FileManager.default.fileExists(atPath: BadInputTests.folder.appendingPathComponent("presets/\(name)").path))
            }
        }
    }
}
