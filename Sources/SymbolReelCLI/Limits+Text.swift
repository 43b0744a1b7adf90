import SymbolReel

/// The limits as the command line's help and validation messages write them ("16…8192").
extension Limits {
    static var sideText: String { text(side) }
    static var fpsText: String { text(fps) }
    static var secondsText: String { text(seconds) }
}
