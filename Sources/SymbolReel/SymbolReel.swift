// The library's front door: re-exports the model types and the reader so `import SymbolReel`
// is enough for rendering clips or testing frames from Swift.
@_exported import SymbolGeometry
@_exported import SymbolScene
@_exported import SymbolSVG
@_exported import SymbolRaster
@_exported import SymbolRender
@_exported import SymbolTimeline
@_exported import SymbolEncode
@_exported import SymbolEncodePNG
@_exported import SymbolEncodeMP4
@_exported import SymbolEncodeGIF
@_exported import SymbolEncodeWebP
