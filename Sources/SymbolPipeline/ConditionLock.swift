import Foundation

/// State guarded by a mutex and a condition variable: the one place the pipeline locks.
/// Everything else is pure state mutated inside `withLock` or `wait(until:_:)`.
final class ConditionLock<State>: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: State

    init(_ state: State) { self.state = state }

    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body(&state)
    }

    /// Blocks until `ready` holds, then runs `body`; every call wakes all waiters afterwards
    /// because a change may let any of them go on.
    func wait<R>(until ready: (State) -> Bool, _ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        while !ready(state) { condition.wait() }
        return try body(&state)
    }

    /// Changes the state and wakes every waiter.
    func update<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.broadcast(); condition.unlock() }
        return try body(&state)
    }
}
