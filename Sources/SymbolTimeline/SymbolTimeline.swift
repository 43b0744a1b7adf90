// SymbolTimeline: see ../shared/ARCHITECTURE.md for what this module holds. Filled by its issue.
