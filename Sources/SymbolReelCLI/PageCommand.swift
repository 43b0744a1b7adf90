import ArgumentParser
import Foundation
import SymbolReel

/// `symbolreel page FILE.svg -o FILE.png [--width W]`: an SVG drawn as an ordinary document.
struct PageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Render an SVG as an ordinary document, its viewBox fitted to --width, to a PNG.",
        discussion: Examples.text(for: "page", after: false))

    @Argument(help: "A symbol or other SVG file, or an Xcode .symbolset folder.")
    var input: String

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String

    @Option(help: "Output width in pixels (the height follows the viewBox).")
    var width: Int = 512

    @Option(help: "Background: transparent or #RRGGBB(AA).")
    var background: String = "transparent"

    @OptionGroup var variant: VariantOptions

    func validate() throws {
        if !Limits.side.contains(width) { throw ValidationError("--width must be \(Limits.sideText)") }
        if background != "transparent" && (Color(hex: background) == nil || !background.hasPrefix("#")) {
            throw ValidationError("--background '\(background)' is not 'transparent' or #RRGGBB(AA)")
        }
    }

    func run() throws {
        try PageCommand.render(input, variant: variant, background: background, width: width, to: output)
    }

    /// Draws `input`'s page (`background` already checked) and writes it as a PNG.
    static func render(_ input: String, variant: VariantOptions, background: String, width: Int, to output: String) throws {
        let doc: SymbolDocument
        do {
            doc = try SymbolFile.read(contentsOf: input, options: variant.readOptions)
        } catch {
            throw exitStatus(for: error)
        }
        let bg: CanvasBackground = background == "transparent" ? .transparent : .color(Color(hex: background)!)
        guard let bitmap = PageRenderer().render(doc.page, width: width, background: bg) else {
            printError("error: \(input): the page cannot be drawn at that width (its height would be out of range)")
            throw ExitCode(ExitStatus.dataError)
        }
        do {
            try PNGStill.write(bitmap, to: output)
        } catch {
            throw exitStatus(for: error)
        }
    }
}
