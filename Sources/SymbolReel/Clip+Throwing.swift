extension Clip {
    /// Writes `outputs` (relative paths against `directory`) through the staged pipeline:
    /// `exportOutputs(_:relativeTo:workers:cancellation:progress:)` with its errors as
    /// `SymbolReelError` (`.cancelled` when `cancellation` stopped it). No file of a failed or
    /// cancelled export is left under a final name. `workers` defaults to the number of cores;
    /// the bytes written do not depend on it. `progress` is called from a pipeline thread.
    public func export(_ outputs: [Preset.Output], relativeTo directory: String = ".", workers: Int? = nil,
                       cancellation: ExportCancellation? = nil,
                       progress: (@Sendable (ExportProgress) -> Void)? = nil) throws(SymbolReelError) -> ExportReport {
        try SymbolReelError.wrapping {
            try exportOutputs(outputs, relativeTo: directory, workers: workers, cancellation: cancellation, progress: progress)
        }
    }

    /// Writes one file, its format from the extension (`.mp4`, `.mov`, `.webm`, `.gif`, `.apng`,
    /// `.webp`, `.png`).
    @discardableResult
    public func export(to path: String, workers: Int? = nil) throws(SymbolReelError) -> ExportedOutput {
        try SymbolReelError.wrapping { try exportFile(to: path, workers: workers) }
    }

    /// `frameHashes()` computed through the staged pipeline with `workers` render threads,
    /// optionally at another width: the same hashes whatever the worker count.
    public func frameHashes(workers: Int, width: Int? = nil) throws(SymbolReelError) -> [(index: Int, seconds: Double, sha256: String)] {
        try SymbolReelError.wrapping { try pipelineHashes(workers: workers, width: width) }
    }
}
