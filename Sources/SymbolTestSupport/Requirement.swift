import Foundation

/// Something a test needs from outside the package (a program, Python modules, a permission)
/// and how to get it. A test names it with the `.requires(…)` trait: when it is missing the
/// test shows as skipped with that reason, except under CI (`CI=true`), where it fails naming
/// what is missing. A green CI run therefore means every independent check ran.
///
/// Each requirement is looked for once per test process, on first use.
package struct Requirement: Sendable, CustomStringConvertible {
    /// What is needed, as a person would say it ("ffprobe", "python3 with jsonschema").
    package let name: String
    /// How to get it: the package to install, or the permission to have.
    package let remedy: String
    private let locate: @Sendable () -> Located

    /// The executable found (its path), or why nothing usable was.
    enum Located: Sendable {
        case found(String)
        case missing(String)
    }

    init(_ name: String, remedy: String, locate: @escaping @Sendable () -> Located) {
        self.name = name
        self.remedy = remedy
        self.locate = locate
    }

    package var description: String { "\(name) (\(remedy))" }

    /// Whether this process runs under CI: `CI` is `true` or `1` (GitHub Actions, GitLab and
    /// `.ci/run` set it). There a missing requirement fails instead of skipping.
    package static var isCI: Bool { ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "") }

    /// Whether this run is `make test-fast`'s: `SYMBOLREEL_TEST_TIER=fast`, and not under CI. That
    /// tier runs in-process tests only: a test that needs an outside program (`.requires`) or
    /// starts the binary (`.startsSymbolreel`) shows as skipped, saying so. Under CI nothing is
    /// skipped for it, whatever the variable says.
    package static var isFastTier: Bool {
        !isCI && ProcessInfo.processInfo.environment["SYMBOLREEL_TEST_TIER"]?.lowercased() == "fast"
    }

    /// Whether this run is `make test-exhaustive`'s: `SYMBOLREEL_TEST_TIER=exhaustive`. The
    /// slow comparisons against Python references and players (`sampled(_:keep:)`) then run on
    /// every case instead of `make test`'s chosen sample.
    package static var isExhaustiveTier: Bool {
        ProcessInfo.processInfo.environment["SYMBOLREEL_TEST_TIER"]?.lowercased() == "exhaustive"
    }

    /// The slice of the exhaustive tier that this run adds to `make test`'s sample:
    /// `SYMBOLREEL_TEST_SLICE=K/N` (0 ≤ K < N) runs in full every case whose position in the
    /// exhaustive list is K modulo N. `.ci/run` sets K from the commit (the number of commits
    /// up to HEAD, modulo N), so N consecutive commits run every case of the exhaustive tier
    /// between them; nil when unset. A malformed value stops the run rather than test less.
    package static let exhaustiveSlice: (index: Int, count: Int)? = {
        guard let text = ProcessInfo.processInfo.environment["SYMBOLREEL_TEST_SLICE"], !text.isEmpty else { return nil }
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let k = parts[0], let n = parts[1], n > 0, (0..<n).contains(k) else {
            fatalError("SYMBOLREEL_TEST_SLICE=\(text): expected K/N with 0 ≤ K < N")
        }
        return (k, n)
    }()

    /// Whether the case at `position` in its exhaustive list runs in full here: every case in
    /// the exhaustive tier, the cases of `exhaustiveSlice` otherwise, none without a slice.
    package static func runsInFull(_ position: Int) -> Bool {
        if isExhaustiveTier { return true }
        guard let slice = exhaustiveSlice else { return false }
        return position % slice.count == slice.index
    }

    /// Why the requirement is not met here, or nil when it is.
    package var problem: String? {
        if case .missing(let why) = located { return why }
        return nil
    }

    private var located: Located { Requirement.cache.value(for: name, locate) }

    /// The program to run; throws `Missing` (naming it and its remedy) when it is not here, so
    /// a test that forgot its trait still fails loudly instead of passing.
    package func executable() throws -> URL {
        switch located {
        case .found(let path) where !path.isEmpty: return URL(fileURLWithPath: path)
        case .found: throw Missing([self], problems: ["\(name) is a condition, not a program"])
        case .missing(let why): throw Missing([self], problems: [why])
        }
    }

    /// Runs the requirement's program and counts `comparisons` against it in the reference log
    /// (a script that checks many cases at once passes their number, or 0 and counts them itself).
    package func run(_ arguments: [String], input: Data? = nil, in directory: URL? = nil, timeout: Double? = nil,
                    comparisons: Int = 1) throws -> TestProcess.Result {
        let result = try TestProcess.run(try executable(), arguments, input: input, in: directory, timeout: timeout)
        ReferenceLog.record(name, comparisons)
        return result
    }

    /// What a test reports when requirements are missing: each one, why, and how to get it.
    package struct Missing: Error, CustomStringConvertible {
        package var description: String

        init(_ requirements: [Requirement], problems: [String]) {
            description = zip(requirements, problems).map { r, why in "missing \(r.name): \(why); remedy: \(r.remedy)" }
                .joined(separator: "\n") + "\n(under CI=true a missing reference fails the test; elsewhere the test is skipped)"
        }

        init(_ requirements: [Requirement]) {
            self.init(requirements, problems: requirements.map { $0.problem ?? "" })
        }
    }

    /// Outcomes by requirement name, so each probe (a Python import, a mount) runs once.
    private static let cache = ProbeCache()
}

/// Requirement outcomes found so far, shared by the tests running in parallel.
private final class ProbeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [String: Requirement.Located] = [:]

    func value(for name: String, _ locate: () -> Requirement.Located) -> Requirement.Located {
        if let known = lock.withLock({ outcomes[name] }) { return known }
        let found = locate()
        lock.withLock { outcomes[name] = found }
        return found
    }
}

/// A tally of the comparisons a test run made against references, one
/// `NAME<TAB>COUNT<TAB>PROVENANCE` line each, appended to the file named by
/// `$SYMBOLREEL_REFERENCE_LOG`. `make test` sets it and prints the sums at the end, grouped by
/// provenance, so the closing lines show how much was checked against what we did not write,
/// and keep apart what only repeats our own reading.
package enum ReferenceLog {
    /// Where a reference's rules came from.
    package enum Provenance: String, Sendable {
        /// A program or data we did not write: a codec library, a player, a browser, resvg on
        /// plain SVG, a format's own parser, a measurement of Apple's renderer.
        case independent
        /// A second implementation written from the same reading of the format as the code it
        /// checks (our Python references): it shows the reading was typed twice alike, not that
        /// the reading is right. Not counted among the independent comparisons.
        case sharedReading = "shared-reading"
        /// A symbol's evident design (a window meant to show, a gap meant to open), asserted on
        /// fixtures that copy the structure of real files made by others.
        case evidentDesign = "evident-design"
    }

    package static func record(_ reference: String, _ count: Int = 1, provenance: Provenance = .independent) {
        guard count > 0, let path = ProcessInfo.processInfo.environment["SYMBOLREEL_REFERENCE_LOG"], !path.isEmpty,
              let file = fopen(path, "a") else { return }
        fputs("\(reference)\t\(count)\t\(provenance.rawValue)\n", file)  // one short line, one write in append mode: lines never interleave
        fclose(file)
    }
}

/// The cases a slow comparison runs: every one of `all` in `make test-exhaustive`, otherwise
/// those that `keep` chooses (`make test`'s sample, chosen by what the case exercises, never at
/// random, so every run compares the same frames) and those of the exhaustive slice
/// (`Requirement.exhaustiveSlice`, which CI sets from the commit).
package func sampled<T>(_ all: [T], keep: (T) -> Bool) -> [T] {
    all.enumerated().filter { Requirement.runsInFull($0.offset) || keep($0.element) }.map(\.element)
}
