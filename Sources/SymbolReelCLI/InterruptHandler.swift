import Dispatch
import Foundation
import SymbolReel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT and SIGTERM into a cancellation: the export stops, removes its temporary files
/// and the command exits 130. The signals are ignored at the process level and delivered
/// through Dispatch sources instead, so the handler is ordinary code on an ordinary queue
/// (nothing async-signal-unsafe runs inside a signal handler).
final class InterruptHandler: @unchecked Sendable {
    private let sources: [DispatchSourceSignal]
    private let lock = NSLock()
    private var received: Int32?

    /// The signal that arrived, if one did.
    var signal: Int32? { lock.withLock { received } }

    init(cancelling cancellation: ExportCancellation) {
        var made: [DispatchSourceSignal] = []
        let queue = DispatchQueue(label: "symbolreel.signals")
        for sig in [SIGINT, SIGTERM] {
            ignoreAtProcessLevel(sig)
            made.append(DispatchSource.makeSignalSource(signal: sig, queue: queue))
        }
        sources = made
        for (source, sig) in zip(sources, [SIGINT, SIGTERM]) {
            source.setEventHandler { [weak self] in
                self?.lock.withLock { if self?.received == nil { self?.received = sig } }
                cancellation.cancel()
            }
            source.resume()
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}

/// signal(2) with SIG_IGN, from whichever C library this platform has (inside the handler the
/// bare name means its `signal` property).
private func ignoreAtProcessLevel(_ sig: Int32) {
    _ = signal(sig, SIG_IGN)
}
