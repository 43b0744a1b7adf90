import Foundation

/// A value behind a lock: the font and outline caches, shared by every thread that lays out or
/// draws text. (NSLock, not `Synchronization.Mutex`: the package still builds for macOS 14.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
