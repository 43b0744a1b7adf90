import Foundation
import SymbolReel

/// What `symbolreel preview` shows, as the command line reads it: a way to read the input
/// afresh (a preset file, or a symbol with the quick options) and a way to write its outputs
/// exactly as `render` does. The server never parses arguments or paths of its own.
package struct PreviewInput: Sendable {
    /// What the page calls the input (the file name as given).
    package var name: String
    /// The files to watch before the first good read: the preset, or the symbol.
    package var files: [String]
    /// Reads the input again: the clip, its outputs and every file it read.
    package var load: @Sendable () throws -> PreviewClip
    /// Writes the clip's outputs as `render` would, reporting progress; throws what `render`
    /// would print.
    package var export: @Sendable (PreviewClip, ExportCancellation, @escaping @Sendable (ExportProgress) -> Void) throws -> ExportReport

    package init(name: String, files: [String], load: @escaping @Sendable () throws -> PreviewClip,
                 export: @escaping @Sendable (PreviewClip, ExportCancellation, @escaping @Sendable (ExportProgress) -> Void) throws -> ExportReport) {
        self.name = name; self.files = files; self.load = load; self.export = export
    }
}

/// One good read of the input.
package struct PreviewClip: Sendable {
    package var clip: Clip
    /// The preset's outputs (none for a symbol given with quick options).
    package var outputs: [Preset.Output]
    /// What the outputs' relative paths are relative to.
    package var directory: String
    /// Every file the clip was made from: the preset, its symbol and its replacement symbols.
    package var files: [String]

    package init(clip: Clip, outputs: [Preset.Output], directory: String, files: [String]) {
        self.clip = clip; self.outputs = outputs; self.directory = directory; self.files = files
    }
}
