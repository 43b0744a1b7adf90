/// When a producer should pause and resume: high/low watermarks over the number of items in
/// flight. Pure (no locks, no threads) so the hysteresis is tested on its own; `BoundedQueue`
/// applies it under its lock.
package struct BackpressurePolicy: Sendable, Hashable {
    /// What the producer must do after an event.
    package enum Action: Sendable, Hashable {
        case none, pause, resume
    }

    /// Pause when this many items are in flight.
    package let highWatermark: Int
    /// Resume once no more than this many are left (a gap avoids waking for every item).
    package let lowWatermark: Int
    package private(set) var inFlight = 0
    package private(set) var isPaused = false

    /// `low` is clamped into 0..<high; `high` is at least 1.
    package init(high: Int, low: Int) {
        highWatermark = max(1, high)
        lowWatermark = min(max(0, low), highWatermark - 1)
    }

    /// One more item is in flight.
    package mutating func didProduce() -> Action {
        inFlight += 1
        if !isPaused && inFlight >= highWatermark {
            isPaused = true
            return .pause
        }
        return .none
    }

    /// One item left the buffer.
    package mutating func didConsume() -> Action {
        precondition(inFlight > 0, "consumed more than was produced")
        inFlight -= 1
        if isPaused && inFlight <= lowWatermark {
            isPaused = false
            return .resume
        }
        return .none
    }
}
