import Foundation
import SymbolReel

/// Progress on standard error: a bar redrawn in place when it is a terminal (frames, fps,
/// ETA), otherwise a plain line at every tenth of the work; nothing with `--quiet`.
final class ProgressReporter: @unchecked Sendable {
    enum Style { case bar, lines, silent }

    let style: Style
    private let label: String
    private let lock = NSLock()
    private var lastDraw = 0.0
    private var lastTenth = -1
    private var drawn = false

    init(label: String, quiet: Bool) {
        self.label = label
        style = quiet ? .silent : (isatty(STDERR_FILENO) == 1 ? .bar : .lines)
    }

    func update(_ p: ExportProgress) {
        lock.withLock {
            switch style {
            case .silent:
                return
            case .bar:
                // At most ten redraws a second, and always the last frame.
                guard p.done == p.total || p.seconds - lastDraw >= 0.1 else { return }
                lastDraw = p.seconds
                drawn = true
                write("\r\u{1B}[2K" + ProgressReporter.bar(p, label: label))
            case .lines:
                let tenth = p.total > 0 ? p.done * 10 / p.total : 10
                guard tenth > lastTenth else { return }
                lastTenth = tenth
                write(ProgressReporter.line(p, label: label) + "\n")
            }
        }
    }

    /// Ends the bar's line so later output starts on a fresh one.
    func finish() {
        lock.withLock {
            if style == .bar && drawn { write("\n"); drawn = false }
        }
    }

    static func bar(_ p: ExportProgress, label: String, width: Int = 28) -> String {
        let filled = p.total > 0 ? min(width, p.done * width / p.total) : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        return "\(label) \(bar) " + numbers(p)
    }

    static func line(_ p: ExportProgress, label: String) -> String {
        "\(label): " + numbers(p)
    }

    static func numbers(_ p: ExportProgress) -> String {
        let eta = p.secondsLeft.map { String(format: "ETA %.1f s", $0) } ?? "ETA –"
        return "\(p.done)/\(p.total) frames  " + String(format: "%.1f fps  ", p.framesPerSecond) + eta
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
