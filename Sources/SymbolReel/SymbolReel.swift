// The library's front door: re-exports the model types so `import SymbolReel` is enough.
@_exported import SymbolGeometry
@_exported import SymbolScene
@_exported import SymbolRaster
