import SymbolEncode

/// The colour table a frame uses, with its lookups.
struct FramePalette {
    var lookup: PaletteLookup
    /// Entries in index order; the transparent entry holds 0.
    var colours: [UInt32] { lookup.colours }
    var transparentIndex: Int? { lookup.transparentIndex.map(Int.init) }
    /// Same id, same index → colour mapping: a pixel whose source did not change may keep its
    /// previous index.
    var id: Int
    var isGlobal: Bool
    /// Every colour of the frame is in the table.
    var isExact: Bool
}

/// Chooses each frame's palette and keeps palettes stable across frames. The global table is
/// append-only (index 0 is the transparent entry), so earlier frames' indices stay valid while
/// new colours arrive; its final colours are written over a placeholder at the end. When a
/// frame's colours do not all fit, it is quantized, reusing the previous quantized palette
/// while that palette still fits the frame about as well as it fitted its own.
struct GIFPalettes {
    let mode: GIFOptions.PaletteMode
    let maxColors: Int
    /// How much worse than on its own frame a palette may fit a later frame before it is rebuilt.
    static let reuseTolerance: Float = 1.25
    /// Errors below this (squared OKLab distance, about a third of a level of sRGB grey) always reuse.
    static let reuseFloor: Float = 4e-5

    private(set) var global: [UInt32] = [0]
    private var globalSet: Set<UInt32> = []
    private var globalQuantized = false
    private var globalError: Float = 0
    private var globalLookup: PaletteLookup?
    private var globalID = 0
    private var lastQuantized: (lookup: PaletteLookup, id: Int, error: Float)?
    private var nextID = 1

    init(mode: GIFOptions.PaletteMode, maxColors: Int) {
        self.mode = mode
        self.maxColors = maxColors
    }

    /// Entries in the global table (a power of two ≥ maxColors), or nil in per-frame mode.
    var globalTableSize: Int? { mode == .global ? GIFWriter.tableSize(for: maxColors) : nil }

    /// The palette for a frame with this histogram.
    mutating func palette(for histogram: ColorHistogram, hasTransparent: Bool) -> FramePalette {
        let colours = histogram.entries()
        if mode == .global, let palette = globalPalette(colours) { return palette }
        // A table of its own: exact when the colours fit (with a transparent entry when one is
        // needed or free), else quantized.
        let roomWithTransparency = maxColors - 1
        if colours.count <= roomWithTransparency || (colours.count <= maxColors && !hasTransparent) {
            var entries = colours.map(\.colour)
            var transparent: Int?
            if entries.count < maxColors {
                transparent = entries.count
                entries.append(0)
            }
            return FramePalette(
                lookup: PaletteLookup(colours: entries, transparentIndex: transparent), id: takeID(), isGlobal: false,
                isExact: true)
        }
        if var last = lastQuantized {
            let error = ColorQuantizer.meanError(of: colours, search: &last.lookup.nearest, palette: last.lookup.colours)
            lastQuantized = last
            if error <= max(last.error * GIFPalettes.reuseTolerance, GIFPalettes.reuseFloor) {
                return FramePalette(lookup: last.lookup, id: last.id, isGlobal: false, isExact: false)
            }
        }
        let seed = lastQuantized?.lookup.colours ?? (globalQuantized ? global : nil)
        var entries = ColorQuantizer.palette(for: colours, count: roomWithTransparency, seed: seed)
        let transparent = entries.count
        entries.append(0)
        var lookup = PaletteLookup(colours: entries, transparentIndex: transparent)
        let error = ColorQuantizer.meanError(of: colours, search: &lookup.nearest, palette: entries)
        let id = takeID()
        lastQuantized = (lookup, id, error)
        return FramePalette(lookup: lookup, id: id, isGlobal: false, isExact: false)
    }

    /// The global table when it can serve the frame: by appending its new colours, by holding
    /// the frame's quantized palette (first frame), or as a quantized palette that still fits.
    private mutating func globalPalette(_ colours: [(colour: UInt32, count: Int)]) -> FramePalette? {
        if !globalQuantized {
            let missing = colours.filter { !globalSet.contains($0.colour) }
            if global.count + missing.count <= maxColors {
                if !missing.isEmpty || globalLookup == nil {
                    for m in missing {
                        global.append(m.colour)
                        globalSet.insert(m.colour)
                    }
                    globalLookup = PaletteLookup(colours: global, transparentIndex: 0)
                }
                return FramePalette(lookup: globalLookup!, id: globalID, isGlobal: true, isExact: true)
            }
            guard global.count == 1 else { return nil }
            // The first frame already has too many colours: its quantized palette becomes the table.
            global += ColorQuantizer.palette(for: colours, count: maxColors - 1, seed: nil)
            globalSet = Set(global)
            globalQuantized = true
            var lookup = PaletteLookup(colours: global, transparentIndex: 0)
            globalError = ColorQuantizer.meanError(of: colours, search: &lookup.nearest, palette: global)
            globalLookup = lookup
            return FramePalette(lookup: lookup, id: globalID, isGlobal: true, isExact: false)
        }
        var lookup = globalLookup!
        let error = ColorQuantizer.meanError(of: colours, search: &lookup.nearest, palette: global)
        globalLookup = lookup
        guard error <= max(globalError * GIFPalettes.reuseTolerance, GIFPalettes.reuseFloor) else { return nil }
        return FramePalette(lookup: lookup, id: globalID, isGlobal: true, isExact: false)
    }

    /// Keeps the lookup a frame used (with its warmed nearest-colour cache) for later frames.
    mutating func remember(_ palette: FramePalette) {
        if palette.isGlobal && palette.id == globalID && palette.colours.count == global.count {
            globalLookup = palette.lookup
        } else if let last = lastQuantized, last.id == palette.id {
            lastQuantized = (palette.lookup, last.id, last.error)
        }
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}
