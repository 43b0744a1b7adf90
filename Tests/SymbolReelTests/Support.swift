import Foundation

/// The package's root folder (for Samples/, Presets/).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs python3 with `script`, `input` on standard input; nil when python3 cannot be started.
func python(_ script: String, input: Data = Data()) -> (status: Int32, stdout: Data, stderr: String)? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3", "-c", script]
    let inPipe = Pipe(), out = Pipe(), err = Pipe()
    p.standardInput = inPipe
    p.standardOutput = out
    p.standardError = err
    do { try p.run() } catch { return nil }
    DispatchQueue.global().async {
        inPipe.fileHandleForWriting.write(input)
        try? inPipe.fileHandleForWriting.close()
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, o, String(decoding: e, as: UTF8.self))
}

/// Whether python3 can import `modules` (the reference checks need them; `make test` installs them).
func pythonHas(_ modules: String) -> Bool { python("import \(modules)")?.status == 0 }
