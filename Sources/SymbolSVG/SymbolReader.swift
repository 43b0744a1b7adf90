import SymbolGeometry
import SymbolScene

/// Placeholder; the reader is written next.
public enum SymbolReader {}
