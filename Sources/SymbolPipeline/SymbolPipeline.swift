// SymbolPipeline: see ../shared/ARCHITECTURE.md. Filled by issue 7.
