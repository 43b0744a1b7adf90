// The library's front door (docs/api.md). The modules below are re-exported whole so that the
// package's own targets (the command line, the tests) reach their `package` declarations through
// `import SymbolReel`; a user of the library sees only what is `public`, and in these modules that
// is only what a front-door signature needs: `Bitmap` (SymbolRaster), `FrameRate` (SymbolGeometry),
// `Diagnostic` and `SourceLocation` (SymbolScene). PublicAPITests pins the whole list.
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
