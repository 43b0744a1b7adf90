import Foundation
import Testing

/// `make install PREFIX=…`: where the binary, the man page and the completions go, checked on
/// make's dry run. A real install cannot run here: its `swift build -c release` would wait
/// forever for the build folder `swift test` holds locked (and would take minutes when stale);
/// run `make install PREFIX=$(mktemp -d)` by hand.
@Suite struct InstallTests {
    static let hasMake = FileManager.default.isExecutableFile(atPath: "/usr/bin/make")

    private func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        p.arguments = ["-C", CLI.packageRoot.path] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: hasMake, "make is not installed"))
    func installPutsEachFileUnderThePrefix() throws {
        let dry = try make(["-n", "install", "PREFIX=/opt/sr"])
        #expect(dry.status == 0, "\(dry.output)")
        #expect(dry.output.contains("build -c release --product symbolreel"))
        #expect(dry.output.contains("generate-manual .build/release/symbolreel --output-directory .build/man"))
        #expect(dry.output.contains("install -m 755 .build/release/symbolreel /opt/sr/bin/symbolreel"))
        #expect(dry.output.contains("install -m 644 .build/man/symbolreel.1 /opt/sr/share/man/man1/symbolreel.1"))
        for script in ["bash > /opt/sr/share/bash-completion/completions/symbolreel", "zsh > /opt/sr/share/zsh/site-functions/_symbolreel",
                       "fish > /opt/sr/share/fish/vendor_completions.d/symbolreel.fish"] {
            #expect(dry.output.contains("--generate-completion-script " + script))
        }
        #expect(try make(["-n", "install"]).output.contains("/usr/local/bin/symbolreel"))
    }
}
