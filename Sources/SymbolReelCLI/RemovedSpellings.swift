/// The spellings of 0.1.0 renamed before any release. They are not options (no aliases before
/// 1.0), so argument-parser alone would answer "Unknown option"; a command line that still uses
/// one gets a usage error naming what replaced it instead. `find` is pure: the command's `main`
/// checks the raw arguments with it before parsing.
enum RemovedSpellings {
    /// A removed spelling of one command and the sentence that names its replacement.
    struct Spelling: Sendable, Equatable {
        var command: String
        var names: [String]
        var message: String
    }

    static let all: [Spelling] = [
        Spelling(command: "render", names: ["--jobs"],
                 message: "--jobs was renamed --threads (render threads; --jobs is presets at a time, in batch and gallery)"),
        Spelling(command: "batch", names: ["--workers"], message: "--workers was renamed --threads"),
        Spelling(command: "batch", names: ["--out"], message: "--out was renamed --output-dir"),
        Spelling(command: "gallery", names: ["--workers"], message: "--workers was renamed --threads"),
        Spelling(command: "gallery", names: ["-o", "--output"], message: "-o/--output was renamed --output-dir (gallery writes a folder)"),
        Spelling(command: "frame", names: ["--hashes"], message: "frame --hashes was renamed: use the command symbolreel hashes INPUT"),
        Spelling(command: "frame", names: ["--poses"], message: "frame --poses was renamed: use the command symbolreel poses INPUT [--json]"),
        Spelling(command: "frame", names: ["--json"], message: "frame --json went with --poses, which was renamed: use symbolreel poses INPUT --json"),
        Spelling(command: "frame", names: ["--document"], message: "frame --document was renamed: use the command symbolreel page FILE.svg -o FILE.png"),
    ]

    /// The first removed spelling among `arguments` (those after the program's name, starting with
    /// the subcommand), or nil. Options are matched whole or as `--name=value`; the scan stops at `--`.
    static func find(in arguments: [String]) -> Spelling? {
        guard let command = arguments.first else { return nil }
        let spellings = all.filter { $0.command == command }
        guard !spellings.isEmpty else { return nil }
        for argument in arguments.dropFirst() {
            if argument == "--" { break }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let spelling = spellings.first(where: { $0.names.contains(name) }) { return spelling }
        }
        return nil
    }
}
