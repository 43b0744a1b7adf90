/// The version printed by `symbolreel --version`.
public enum SymbolReelVersion {
    public static let string = "0.1.0"
}
