/// The examples that end each command's `--help`, as lines to paste into a shell at the
/// repository's root. They live in each command's `discussion` (so the man page has them too);
/// `SymbolReelCommand.main` moves them from the overview to the end of the help. A test runs
/// every one (`HelpExampleTests`); keep each line within 78 columns so the help never wraps it.
enum Examples {
    static let heading = "Examples:"

    static let lines: [String: [String]] = [
        "symbolreel": [
            "symbolreel render Samples/bell.svg --effect .wiggle -o bell.gif",
            "symbolreel frame Samples/bell.svg --effect .bounce --at 0.2 -o bell.png",
            "symbolreel effects --defaults",
        ],
        "render": [
            "symbolreel render Samples/bell.svg --effect .scale.up -o bell.gif",
            "symbolreel render Samples/wifi.arcs.svg --effect .variableColor \\\n    --until 1.5 --mode hierarchical --color '#0A84FF' -o wifi.mp4 -o wifi.apng",
            "symbolreel render Presets/pulse.json -o pulse.gif --threads 2 --quiet",
        ],
        "batch": [
            "symbolreel batch Presets/bounce-up.json Presets/pulse.json --output-dir out/",
            "symbolreel batch Presets/ --output-dir out/ --jobs 2 --shard 0/8 --json",
            "symbolreel batch Samples/Assets.xcassets --template Presets/pulse.json \\\n    --output-dir out/",
        ],
        "frame": [
            "symbolreel frame Samples/bell.svg --effect .bounce.up --at 0.1 -o bell.png",
            "symbolreel frame Samples/star.svg --color '#FF9500' --color '#FFCC00' \\\n    --gradient --at 0 -o star.png",
            "symbolreel frame Presets/pulse.json --frame 10 --width 128 -o pulse.png",
        ],
        "hashes": [
            "symbolreel hashes Samples/checkmark.svg --effect .bounce",
            "symbolreel hashes Presets/pulse.json",
        ],
        "poses": [
            "symbolreel poses Presets/bounce-up.json --frame 10",
            "symbolreel poses Samples/bell.svg --effect .wiggle --at 0.5 --json",
        ],
        "page": [
            "symbolreel page Samples/icons/timer.svg --width 240 -o timer.png",
            "symbolreel page Samples/bell.svg --weight bold --background '#FFFFFF' \\\n    -o bell.png",
        ],
        "sheet": [
            "symbolreel sheet Presets/download-button.json -o sheet.png --frames 12",
            "symbolreel sheet Samples/bell.svg --effect .wiggle --from 0.2 -o wiggle.png",
            "symbolreel sheet 'Samples/Assets.xcassets/Bells/bell & badge.symbolset' \\\n    --effect .bounce -o badge.png",
        ],
        "gallery": [
            "symbolreel gallery Presets/bounce-up.json Presets/pulse.json \\\n    --output-dir review/",
            "symbolreel gallery Presets/pulse.json --output-dir review/ --reuse --quiet",
        ],
        "inspect": [
            "symbolreel inspect Samples/bell.svg",
            "symbolreel inspect Samples/bell.svg --weight bold --json",
            "symbolreel inspect Samples/Assets.xcassets/wifi.arcs.symbolset",
        ],
        "effects": [
            "symbolreel effects",
            "symbolreel effects --defaults --json",
        ],
        "validate": [
            "symbolreel validate Presets/",
            "symbolreel validate Presets/pulse.json --quiet",
        ],
    ]

    /// The examples block for a command's discussion (a blank line first when `after` is set).
    static func text(for command: String, after: Bool = true) -> String {
        let block = heading + "\n" + (lines[command] ?? []).map { "  " + $0 }.joined(separator: "\n")
        return (after ? "\n\n" : "") + block
    }

    /// A help text with its examples block moved from the overview to the end.
    static func movedToEnd(_ help: String) -> String {
        guard let start = help.range(of: "\n" + heading + "\n") else { return help }
        // The block runs to the first blank line after it (the end of the overview).
        let rest = help[start.upperBound...]
        let end = rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex
        let block = help[help.index(after: start.lowerBound)..<end]
        var without = String(help[..<start.lowerBound]) + String(help[end...])
        while without.hasSuffix("\n") { without.removeLast() }
        return without.replacingOccurrences(of: "\n\n\n", with: "\n\n") + "\n\n" + block
    }
}
