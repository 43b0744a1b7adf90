import SymbolRaster

// `acquire` blocks while every bitmap is out: call it from the pipeline's dedicated threads only.

/// A fixed number of same-size bitmaps handed out and given back: the pool's size is the bound
/// on frames alive in the pipeline, so memory stays flat however long the clip is.
package final class BitmapPool: Sendable {
    private struct State {
        var free: [Bitmap]
        var outstanding = 0
        var peakOutstanding = 0
        var cancelled = false
    }

    package let width: Int
    package let height: Int
    package let size: Int
    private let lock: ConditionLock<State>

    /// Nil for an invalid bitmap size.
    package init?(width: Int, height: Int, size: Int) {
        guard size >= 1, Bitmap.isValidSize(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        self.size = size
        // Bitmaps are made lazily so a short clip does not pay for the whole pool.
        lock = ConditionLock(State(free: []))
    }

    /// A bitmap of the pool's size (contents unspecified), blocking while all are out; nil
    /// once cancelled.
    package func acquire() -> Bitmap? {
        let size = self.size
        let reused: Bitmap?? = lock.wait(until: { $0.cancelled || !$0.free.isEmpty || $0.outstanding < size }) { s in
            guard !s.cancelled else { return .none }
            s.outstanding += 1
            s.peakOutstanding = max(s.peakOutstanding, s.outstanding)
            return .some(s.free.popLast())
        }
        guard let slot = reused else { return nil }
        return slot ?? Bitmap(width: width, height: height)
    }

    /// Gives a bitmap back for reuse. Pass the last reference (`consume`): a bitmap some other
    /// holder still shares is copied by its next user's first write (copy-on-write).
    package func release(_ bitmap: consuming Bitmap) {
        // Moved into the pool under the lock, so no reference of this call outlives its handover.
        var slot: Bitmap? = consume bitmap
        lock.update { s in
            precondition(s.outstanding > 0, "released more bitmaps than were acquired")
            s.outstanding -= 1
            if !s.cancelled { s.free.append(slot.take()!) } else { slot = nil }
        }
    }

    /// Wakes every waiting `acquire` with nil.
    package func cancel() { lock.update { $0.cancelled = true; $0.free.removeAll() } }

    /// Bitmaps handed out and not yet given back.
    package var outstanding: Int { lock.withLock { $0.outstanding } }
    /// The most bitmaps that were out at once.
    package var peakOutstanding: Int { lock.withLock { $0.peakOutstanding } }
}
