import SymbolRaster

/// Work an encoder hands out to run on any thread: pure computation on buffers the work owns
/// (for APNG, the zlib compression of one frame's rectangle). Its output goes back to the
/// encoder's `commit`, in the order the work was staged.
package protocol EncodeWork: Sendable {
    associatedtype Output: Sendable
    func run() throws -> Output
}

/// An encoder whose per-frame work splits into an ordered, confined part (`stage`, `commit`) and
/// costly pure work in between. `encode(frame, at: i)` is the same as
///
///     for work in try stage(frame, at: i) { try commit(try work.run()) }
///
/// A driver may instead run the work of several frames at once on other threads and commit the
/// outputs in staging order: the file is byte-identical either way, because nothing `stage`
/// decides depends on what `run` returns. After the last frame, a driver calls `stageEnd`,
/// runs and commits that work too, then `finish`; `finish` alone does all of it. `stage`,
/// `stageEnd`, `commit` and `finish` are confined like the rest of `FrameEncoder`.
package protocol StagedFrameEncoder: FrameEncoder {
    associatedtype Work: EncodeWork
    /// Takes frame `index` (the bitmap may be reused once this returns) and returns the work now
    /// ready, in order; possibly none.
    func stage(_ frame: Bitmap, at index: Int) throws -> [Work]
    /// After the last frame: the work that remains.
    func stageEnd() throws -> [Work]
    /// Takes the output of the oldest work not yet committed.
    func commit(_ output: Work.Output) throws
}

extension StagedFrameEncoder {
    /// What every staged encoder's `finish` does around its own ending: runs and commits the
    /// work `stageEnd` still holds (unless a driver already took it: `stagingEnded`), then
    /// `complete` (trailer, patches, rename into place), and on any error cancels, so the
    /// temporary file is gone and nothing appears under the final name.
    package func finishing(stagingEnded: Bool, _ complete: () throws -> EncodeSummary) throws -> EncodeSummary {
        do {
            if !stagingEnded {
                for work in try stageEnd() { try commit(try work.run()) }
            }
            return try complete()
        } catch {
            cancel()
            throw error
        }
    }
}
