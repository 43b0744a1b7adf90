import Foundation
import Hummingbird
import Logging
import SymbolReel

/// `symbolreel preview`'s HTTP server (Hummingbird): the page, its script and style, the
/// looping media of the current clip, frames and poses rendered on request, the input's state
/// as Server-Sent Events, and the export button's endpoint. Nothing else: there is no route
/// that maps a request path to a file, so `/../../etc/passwd`, an absolute path or an encoded
/// `..` is an unknown route (404) and never reaches the disk. A request addressed to another
/// name than the server's (a rebound domain) is refused (`HostCheck`).
package struct PreviewServer: Sendable {
    package var input: PreviewInput
    package var host: String
    /// 0 asks the system for a free port.
    package var port: Int
    /// How often the watched files are looked at.
    package var pollInterval: Duration = .milliseconds(150)

    package init(input: PreviewInput, host: String, port: Int) {
        self.input = input; self.host = host; self.port = port
    }

    /// Serves until `shouldStop` turns true (it is asked every poll): then every page's stream
    /// and any export end, the server closes (the loop's frames are in memory: nothing to remove).
    /// `onReady` receives the page's URL once the port is bound.
    package func run(shouldStop: @escaping @Sendable () -> Bool, onReady: @escaping @Sendable (String) -> Void) async throws {
        let session = PreviewSession(input: input)
        await session.reloadIfChanged(force: true)

        var logger = Logger(label: "symbolreel.preview")
        logger.logLevel = .error
        let host = self.host
        let app = Application(
            router: PreviewRoutes.router(session, host: host),
            configuration: .init(address: .hostname(host, port: port), serverName: "symbolreel"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                onReady("http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/")
            },
            logger: logger)
        let interval = pollInterval
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            group.addTask {
                while !shouldStop() {
                    await session.reloadIfChanged()
                    try? await Task.sleep(for: interval)
                }
                // Pages' event streams end first, so no open response keeps the server waiting.
                await session.close()
            }
            // Whichever ends first (Ctrl-C, or the server failing to bind) ends the other.
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}
