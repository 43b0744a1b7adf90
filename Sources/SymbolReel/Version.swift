/// The library's version (the command line prints it).
public enum SymbolReelVersion {
    public static let string = "0.1.0"
}
