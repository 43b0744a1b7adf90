/// The library's version (the command line prints it).
package enum SymbolReelVersion {
    package static let string = "0.1.0"
}
