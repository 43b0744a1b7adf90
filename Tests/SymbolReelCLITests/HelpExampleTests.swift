import Foundation
import SymbolTestSupport
import Testing

/// Every command's `--help` ends with examples that work when pasted: each is run by a shell in
/// a scratch folder laid out like the repository (Samples linked, Presets copied, so outputs
/// land in the scratch folder), and must exit 0. Completion scripts print for every shell.
@Suite(.startsSymbolreel) struct HelpExampleTests {
    static let commands = ["", "render", "batch", "frame", "hashes", "poses", "page", "sheet", "gallery", "inspect", "effects", "validate"]

    /// The example command lines at the end of a help text (continuation lines joined).
    static func examples(in help: String) -> [String] {
        guard let range = help.range(of: "\nExamples:\n", options: .backwards) else { return [] }
        var lines: [String] = []
        var pending = ""
        for raw in help[range.upperBound...].split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
            } else {
                lines.append(pending + line)
                pending = ""
            }
        }
        return lines.filter { !$0.isEmpty }
    }

    @Test(arguments: commands)
    func helpEndsWithExamples(_ command: String) throws {
        let r = try CLI.run(command.isEmpty ? ["--help"] : [command, "--help"])
        #expect(r.status == 0)
        let examples = HelpExampleTests.examples(in: r.stdout)
        #expect((2...3).contains(examples.count), "\(command): \(examples)")
        // The examples are the last thing printed, and no line of them was wrapped.
        let tail = r.stdout.components(separatedBy: "\nExamples:\n").last ?? ""
        for line in tail.split(separator: "\n") {
            #expect(line.hasPrefix("  symbolreel ") || line.hasPrefix("    "), "\(command): \(line)")
            #expect(line.count <= 80, "\(command): \(line)")
        }
        for e in examples { #expect(e.hasPrefix("symbolreel " + command), "\(command): \(e)") }
        // `symbolreel help CMD` shows the same.
        if !command.isEmpty { #expect(try CLI.run(["help", command]).stdout == r.stdout) }
    }

    @Test(arguments: commands)
    func examplesRunWhenPasted(_ command: String) throws {
        let help = try CLI.run(command.isEmpty ? ["--help"] : [command, "--help"]).stdout
        let scratch = try makeTemporaryDirectory("examples"); defer { try? FileManager.default.removeItem(at: scratch) }
        let fm = FileManager.default
        try fm.createSymbolicLink(at: scratch.appendingPathComponent("Samples"), withDestinationURL: CLI.packageRoot.appendingPathComponent("Samples"))
        try fm.copyItem(at: CLI.packageRoot.appendingPathComponent("Presets"), to: scratch.appendingPathComponent("Presets"))
        for example in HelpExampleTests.examples(in: help) {
            let script = "symbolreel() { '\(CLI.executable.path)' \"$@\"; }\n" + example
            let r = try TestProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: scratch)
            #expect(r.status == 0, "\(example): \(r.stderr.suffix(600))")
        }
    }

    /// `--generate-completion-script` (swift-argument-parser's) prints a script for each shell
    /// that knows the subcommands and the quick-form options.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(_ shell: String) throws {
        let r = try CLI.run(["--generate-completion-script", shell])
        #expect(r.status == 0)
        let marker = ["bash": "-F _symbolreel symbolreel", "zsh": "#compdef symbolreel", "fish": "complete -c 'symbolreel'"][shell]!
        #expect(r.stdout.contains(marker), "\(shell)")
        for word in ["render", "batch", "gallery", "hashes", "poses", "page", "output-dir", "threads", "template", "gradient", "accent"] {
            #expect(r.stdout.contains(word), "\(shell) script lacks \(word)")
        }
    }
}
