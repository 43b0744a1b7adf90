import Foundation
import SymbolReel
import SymbolTestSupport
import Testing

/// `symbolreel --version`: one line, the library's version and, in parentheses, the commit the
/// binary was built from (Plugins/BuildCommit): seven hex digits, `-dirty` when a tracked file
/// differed from it, or `unknown` outside a git checkout. A process shows what a user reads.
@Suite(.startsSymbolreel) struct VersionTests {
    static var shape: Regex<(Substring, Substring, Substring?, Substring?)> { /^(\d+\.\d+\.\d+) \((?:([0-9a-f]{7})(-dirty)?|unknown)\)$/ }

    @Test func versionNamesTheReleaseAndTheCommit() throws {
        let r = try CLI.run(["--version"], timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        let line = r.stdout.trimmingCharacters(in: .newlines)
        let match = try #require(line.wholeMatch(of: Self.shape), "--version printed \(line.debugDescription)")
        #expect(String(match.output.1) == SymbolReelVersion.string)
    }

    // In a checkout the commit is one of this repository's (not necessarily HEAD: a commit may
    // have landed since the build); a source tarball prints `unknown` and shows this as skipped.
    @Test(.requires(.gitCheckout))
    func theCommitIsInThisRepository() throws {
        let line = try CLI.run(["--version"], timeout: 60).stdout.trimmingCharacters(in: .newlines)
        let match = try #require(line.wholeMatch(of: Self.shape), "--version printed \(line.debugDescription)")
        let commit = try #require(match.output.2.map(String.init), "built in a git checkout, yet --version says \(line)")
        let known = try Requirement.gitCheckout.run(["-C", packageRoot.path, "cat-file", "-t", commit], comparisons: 0)
        #expect(known.stdout == "commit\n", "\(commit) is not a commit of this repository: \(known.stderr)")
    }
}
