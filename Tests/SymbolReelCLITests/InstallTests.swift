import Foundation
import SymbolTestSupport
import Testing

/// `make install PREFIX=…`: where the binary, the man page and the completions go, checked on
/// make's dry run. A real install cannot run here: its `swift build -c release` would wait
/// forever for the build folder `swift test` holds locked (and would take minutes when stale);
/// run `make install PREFIX=$(mktemp -d)` by hand.
@Suite struct InstallTests {
    private func make(_ arguments: [String]) throws -> TestProcess.Result {
        try Requirement.make.run(["-C", packageRoot.path] + arguments, comparisons: 0)
    }

    @Test(.requires(.make))
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
