import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every requirement is met. Elsewhere the test shows as skipped,
    /// with the requirements and their remedies as the reason; under CI (`CI=true`) it fails
    /// instead, naming what is missing, because a check that did not run has checked nothing.
    ///
    ///     @Test(.requires(.ffprobe)) func everyFrameDecodes() throws { … }
    public static func requires(_ requirements: Requirement..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
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
