// SymbolTimeline: the evaluate stage (docs/architecture.md, docs/effects.md).
//
// In: documents (index 0 the symbol, others replacement targets), one layer mode, events
// (`TimelineEvent`) and style (`TimelineStyle`), validated once by `Timeline.init`.
// Out: `Timeline.pose(at: FrameTime) -> Pose`, a pure function of the frame time.
//
// Guarantees:
// - No Foundation, no strings parsed per frame: expressions are read once by `SymbolEffect(parsing:)`,
//   `SymbolEffectOptions(parsing:)`, `Curve(parsing:)`, `EffectCall(parsing:)`.
// - Every number an effect uses comes from `EffectDefaults` (one table, printable, overridable).
// - Every effect starts and ends at rest (identity transform, opacity 1; a disappear ends hidden);
//   springs settle exactly, so a clip's last frame is exact.
// - Effects compose per layer: scales multiply, translations and rotations add, opacities multiply;
//   a later effect of the same family replaces an earlier one over `EffectDefaults.handoff`.
// - `Timeline` is an immutable `Sendable` value: any number of threads may pose frames at once.
