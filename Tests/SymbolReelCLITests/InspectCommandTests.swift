import Foundation
import Testing

/// The command line: help, `inspect` on every sample, exit codes and messages.
@Suite(.startsSymbolreel) struct InspectCommandTests {
    // --version has its own tests (VersionTests).
    @Test func help() throws {
        let h = try CLI.run(["--help"])
        #expect(h.status == 0)
        #expect(h.stdout.contains("USAGE: symbolreel <subcommand>"))
        #expect(h.stdout.contains("inspect"))
        let ih = try CLI.run(["inspect", "--help"])
        #expect(ih.stdout.contains("--json"))
        #expect(ih.stdout.contains("--weight <weight>"))
    }

    static let samples: [String] = {
        let dir = CLI.packageRoot.appendingPathComponent("Samples")
        var files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        files = files.filter { $0.hasSuffix(".svg") }.map { "Samples/" + $0 }
        let icons = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("icons").path)) ?? []
        return (files + icons.filter { $0.hasSuffix(".svg") }.map { "Samples/icons/" + $0 }).sorted()
    }()

    @Test func thereAreEnoughSamples() {
        #expect(InspectCommandTests.samples.filter { !$0.contains("/icons/") }.count >= 12)
        #expect(InspectCommandTests.samples.filter { $0.contains("/icons/") }.count >= 4)
    }

    @Test(arguments: samples)
    func inspectEverySample(_ file: String) throws {
        let r = try CLI.run(["inspect", "--json", "--strict", file])
        #expect(r.status == 0, "\(file): \(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        for key in ["file", "kind", "producer", "variants", "metrics", "shapes", "modes", "diagnostics"] {
            #expect(json[key] != nil, "\(file): missing key \(key)")
        }
        let modes = try #require(json["modes"] as? [String: Any])
        #expect(modes["monochrome"] != nil)
        if !file.contains("/icons/") {
            #expect(json["kind"] as? String == "symbol", "\(file)")
            let variants = try #require(json["variants"] as? [String: Any])
            // Samples have the three S masters; the default Regular-M is derived from Regular-S.
            #expect((variants["available"] as? [String])?.contains("Regular-S") == true, "\(file)")
            let text = try CLI.run(["inspect", "--weight", "semibold", "--scale", "small", file])
            #expect(text.status == 0)
            #expect(text.stdout.contains("Semibold-S: interpolated Regular-S…Black-S"), "\(file): \(text.stdout)")
        } else {
            #expect(json["kind"] as? String == "icon", "\(file)")
        }
    }

    @Test func missingFileExits66() throws {
        let r = try CLI.run(["inspect", "no/such/file.svg"])
        #expect(r.status == 66)
        #expect(r.stderr == "no/such/file.svg: error: no such file; check the path\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func malformedFileExits65WithPosition() throws {
        let url = try CLI.temporaryFile("<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g>\n</svg>\n")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let r = try CLI.run(["inspect", url.path])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("\(url.path):3:1: error: expected </g> to close the element opened at 2:3, found </svg>"),
                "\(r.stderr)")
    }

    @Test func strictTurnsDiagnosticsIntoErrors() throws {
        let url = try CLI.temporaryFile("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"5\" height=\"5\" fill=\"nope\"/></svg>")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let relaxed = try CLI.run(["inspect", url.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("[bad-attribute]"))
        let strict = try CLI.run(["inspect", "--strict", url.path])
        #expect(strict.status == 65)
        #expect(strict.stderr.contains(":1:94: warning: fill: 'nope' is not a colour"), "\(strict.stderr)")
    }

    @Test func badOptionIsAUsageError() throws {
        let r = try CLI.run(["inspect", "--weight", "extrabold", "Samples/none.svg"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("extrabold"))
    }
}
