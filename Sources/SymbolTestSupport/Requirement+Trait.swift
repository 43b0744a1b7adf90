import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every requirement is met. Elsewhere the test shows as skipped,
    /// with the requirements and their remedies as the reason; under CI (`CI=true`) it fails
    /// instead, naming what is missing, because a check that did not run has checked nothing.
    ///
    ///     @Test(.requires(.ffprobe)) func everyFrameDecodes() throws { … }
    ///
    /// In `make test-fast` (`SYMBOLREEL_TEST_TIER=fast`, not under CI) the test is skipped, with
    /// that as the reason, whether or not the requirements are here: that tier runs in-process
    /// tests only.
    package static func requires(_ requirements: Requirement..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        if Requirement.isFastTier {
            let names = requirements.map(\.name).joined(separator: ", ")
            return .enabled(if: false, Comment(rawValue: "test-fast: needs an external program (\(names)); make test runs it"),
                            sourceLocation: sourceLocation)
        }
        let reason = "needs " + requirements.map(\.description).joined(separator: " and ")
        return .enabled(Comment(rawValue: reason), sourceLocation: sourceLocation) {
            let missing = requirements.filter { $0.problem != nil }
            if missing.isEmpty { return true }
            // Thrown from a condition, an error is recorded as the test's failure.
            if Requirement.isCI { throw Requirement.Missing(missing) }
            return false
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// For a test or suite that starts the `symbolreel` binary (a process per call, often
    /// rendering a whole clip): it runs everywhere except `make test-fast`, which runs in-process
    /// tests only and shows it as skipped with this reason. Under CI it always runs.
    ///
    ///     @Suite(.startsSymbolreel) struct RenderCommandTests { … }
    package static var startsSymbolreel: Self {
        .enabled(if: !Requirement.isFastTier, "test-fast: starts the symbolreel binary; make test runs it")
    }
}
