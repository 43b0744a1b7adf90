/// A premultiplied RGBA8 image: rows top to bottom, 4 bytes a pixel (R, G, B, A), each colour
/// channel already multiplied by alpha. Sizes are checked where a bitmap is made: zero, over
/// 8192 on a side, or over 64 megapixels fails.
///
/// A bitmap remembers a rectangle outside which every pixel is known to be zero (`dirty`), so
/// `clear()` zeroes only what was drawn since the last clear: at 1080² the full clear is a
/// 4.7 MB memset, about half of a simple symbol's frame. Any mutation through `pixels` marks
/// the whole bitmap; the painter marks only the rows and columns it drew.
///
/// `clear()` is also lazy: it only flags the dirty rows as cleared ("pending"). A solid fill
/// that reaches a pending row writes the whole row once, its spans as plain colour (over
/// transparent, source-over is a copy) and zeros between them, instead of a memset followed by
/// a blend that reads the row back. Every other access sees pending rows as zero: reads through
/// `pixels`, `pixel(x:y:)` and `==` present them zeroed, and writes zero them first. `settle()`
/// zeroes what is still pending, so a renderer calls it once a frame is done and readers then
/// get the pixels without a copy.
///
/// Each row also remembers the columns that may be non-zero in memory (`ink`), pending or
/// not, so zeroing a pending row touches only what was drawn on that row, not the columns of
/// the whole dirty rectangle: a symbol that turns or grows a little from frame to frame then
/// rewrites what it covers and zeroes only the edges it left (at 1080², zeroing the dirty
/// rectangle's width on every row was up to a fifth of a simple symbol's frame).
///
/// `fill` is bounded the same way: after a fill the bitmap remembers its colour and grows a
/// rectangle with every draw, and the next fill with the same colour rewrites only that
/// rectangle (a 1080² opaque canvas is 4.7 MB a frame to write, the symbol a fraction of it).
public struct Bitmap: Sendable, Equatable {
    @usableFromInline package static let maxSide = 8192
    @usableFromInline package static let maxPixels = 64 * 1024 * 1024

    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (at least `width * 4`).
    public let bytesPerRow: Int
    /// Pixel data, `bytesPerRow * height` bytes.
    /// (Reading it while rows are still pending from a `clear()` returns a zeroed copy; call
    /// `settle()` first to read without one.)
    public var pixels: [UInt8] {
        get { pendingY.isEmpty ? storage : settledCopy() }
        set { storage = newValue; dropPending(); markAll(); filled = nil }
        _modify { settle(); markAll(); filled = nil; yield &storage }
    }

    @usableFromInline var storage: [UInt8]
    /// Pixels outside `dirtyX × dirtyY` are zero, pending rows aside (empty ranges: all zero).
    private(set) var dirtyX = 0..<0, dirtyY = 0..<0
    /// Rows cleared but not yet zeroed: row y is pending when `pendingRows[y] != 0` (the array
    /// is empty until the first clear). A pending row reads as zero; in memory, only its
    /// columns `pendingX` may hold stale pixels. `pendingY` spans every pending row (empty:
    /// none).
    @usableFromInline private(set) var pendingRows: [UInt8] = []
    @usableFromInline private(set) var pendingY = 0..<0
    @usableFromInline private(set) var pendingX = 0..<0
    /// Per row, the columns that may be non-zero in memory (pending rows included): within
    /// `dirtyX` for rows of `dirtyY`, or within `pendingX` for pending rows.
    @usableFromInline private(set) var ink: [InkColumns]
    /// Since the last `fill`: its colour (one word) and the columns and rows drawn on since;
    /// every pixel outside them still has that colour. nil: unknown.
    private var filled: (color: UInt32, x: Range<Int>, y: Range<Int>)?

    public static func == (a: Bitmap, b: Bitmap) -> Bool {
        a.width == b.width && a.height == b.height && a.bytesPerRow == b.bytesPerRow && a.pixels == b.pixels
    }

    private mutating func markAll() {
        dirtyX = 0..<width; dirtyY = 0..<height
        let all = InkColumns(lower: 0, upper: Int32(width))
        ink.withUnsafeMutableBufferPointer { $0.update(repeating: all) }
    }

    /// Columns `lower..<upper` of one row (empty when `upper <= lower`).
    @usableFromInline package struct InkColumns: Sendable {
        @usableFromInline package var lower: Int32
        @usableFromInline package var upper: Int32
        @usableFromInline package static let none = InkColumns(lower: Int32.max, upper: 0)
        @usableFromInline package init(lower: Int32, upper: Int32) { self.lower = lower; self.upper = upper }
    }

    private static func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        a.isEmpty ? b : (b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound))
    }

    /// Zeroes every pending row: afterwards `pixels` is read without a copy.
    @usableFromInline package mutating func settle() { settle(rows: 0..<height) }

    /// Zeroes the pending rows among `rows`.
    @usableFromInline package mutating func settle(rows: Range<Int>) {
        let rows = rows.clamped(to: pendingY)
        if rows.isEmpty { return }
        let stride = bytesPerRow
        storage.withUnsafeMutableBytes { raw in
            pendingRows.withUnsafeMutableBufferPointer { flags in
                ink.withUnsafeMutableBufferPointer { ink in
                    for y in rows where flags[y] != 0 {
                        flags[y] = 0
                        let x = ink[y]
                        ink[y] = .none
                        if x.upper <= x.lower { continue }
                        (raw.baseAddress! + y * stride + Int(x.lower) * 4).initializeMemory(
                            as: UInt8.self, repeating: 0, count: Int(x.upper &- x.lower) * 4)
                    }
                }
            }
        }
        if rows == pendingY { pendingY = 0..<0 }
    }

    /// Forgets pending rows (their pixels are about to be overwritten or were replaced).
    private mutating func dropPending() {
        if pendingY.isEmpty { return }
        for y in pendingY { pendingRows[y] = 0 }
        pendingY = 0..<0
    }

    /// The pixels with pending rows zeroed, leaving this bitmap as it is.
    private func settledCopy() -> [UInt8] {
        var copy = self
        copy.settle()
        return copy.storage
    }

    /// Whether the pixel (x, y) is pending (reads as zero).
    @inlinable func isPending(x: Int, y: Int) -> Bool {
        pendingY.contains(y) && pendingRows[y] != 0 && pendingX.contains(x)
    }

    /// Runs `body` on the pixels as 32-bit words, after growing the dirty rectangle by the
    /// columns `x` and rows `y` that `body` may change (the painter's bounds of one draw) and
    /// zeroing the pending rows among `y`.
    @usableFromInline package mutating func withUnsafeMutableWords<R>(dirtying x: Range<Int>, _ y: Range<Int>,
                                                    _ body: (UnsafeMutablePointer<UInt32>) -> R) -> R {
        settle(rows: y)
        let columns = x.clamped(to: 0..<width), rows = y.clamped(to: 0..<height)
        return withUnsafeMutableWords(dirtying: x, y, keepingPending: { words, pending in
            if !columns.isEmpty { for r in rows { pending.widen(row: r, columns) } }
            return body(words)
        })
    }

    /// Like `withUnsafeMutableWords(dirtying:_:_:)`, but pending rows and ink are left to
    /// `body`: it gets the rows' flags and ink and must, for every row whose flag it sets to 0,
    /// write all of the row's `ink` columns (and anything else it draws on the row as if onto
    /// transparent pixels), and for every row it draws on, leave in `ink` the columns that may
    /// now be non-zero.
    @usableFromInline package mutating func withUnsafeMutableWords<R>(dirtying x: Range<Int>, _ y: Range<Int>,
                                                    keepingPending body: (UnsafeMutablePointer<UInt32>, PendingRows) -> R) -> R {
        let x = x.clamped(to: 0..<width), y = y.clamped(to: 0..<height)
        if !x.isEmpty && !y.isEmpty {
            dirtyX = Bitmap.hull(dirtyX, x)
            dirtyY = Bitmap.hull(dirtyY, y)
            if let f = filled { filled = (f.color, Bitmap.hull(f.x, x), Bitmap.hull(f.y, y)) }
        }
        if pendingRows.isEmpty { pendingRows = [UInt8](repeating: 0, count: height) }
        return storage.withUnsafeMutableBytes { raw in
            let words = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            return ink.withUnsafeMutableBufferPointer { ink in
                pendingRows.withUnsafeMutableBufferPointer { flags in
                    body(words, PendingRows(flags: flags.baseAddress!, ink: ink.baseAddress!))
                }
            }
        }
    }

    /// The pending rows of a bitmap, as handed to a drawing loop: `flags[y] != 0` while row y
    /// is pending; `ink[y]` are the columns such a row still has to zero.
    @usableFromInline package struct PendingRows {
        @usableFromInline package let flags: UnsafeMutablePointer<UInt8>
        @usableFromInline package let ink: UnsafeMutablePointer<InkColumns>

        /// Widens row `y`'s ink to hold `columns`.
        @inline(__always) func widen(row y: Int, _ columns: Range<Int>) {
            ink[y] = InkColumns(lower: min(ink[y].lower, Int32(truncatingIfNeeded: columns.lowerBound)),
                                upper: max(ink[y].upper, Int32(truncatingIfNeeded: columns.upperBound)))
        }
    }

    /// Runs `body` on the pixels as 32-bit words for reading, once for each band of rows that
    /// may be non-zero, with the columns that may be: pending rows are skipped (their pixels
    /// must not be read).
    @usableFromInline package func withUnsafeWords(_ body: (UnsafePointer<UInt32>, _ columns: Range<Int>, _ rows: Range<Int>) -> Void) {
        let columns = dirtyX, rows = dirtyY
        storage.withUnsafeBytes { raw in
            let words = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
            var start: Int?
            for y in rows {
                let live = !(pendingY.contains(y) && pendingRows[y] != 0)
                if live, start == nil { start = y }
                if !live, let s = start { body(words, columns, s..<y); start = nil }
            }
            if let s = start { body(words, columns, s..<rows.upperBound) }
        }
    }

    /// A transparent bitmap, or nil for an invalid size.
    public init?(width: Int, height: Int) {
        guard Bitmap.isValidSize(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.storage = [UInt8](repeating: 0, count: width * height * 4)
        self.ink = [InkColumns](repeating: .none, count: height)
    }

    /// Wraps existing premultiplied RGBA data; nil when the size is invalid or the data short.
    @usableFromInline package init?(width: Int, height: Int, bytesPerRow: Int? = nil, pixels: [UInt8]) {
        guard Bitmap.isValidSize(width: width, height: height) else { return nil }
        let stride = bytesPerRow ?? width * 4
        guard stride >= width * 4, pixels.count >= stride * height else { return nil }
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.storage = pixels
        self.ink = [InkColumns](repeating: .none, count: height)
        markAll()
    }

    @usableFromInline package static func isValidSize(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maxSide && height <= maxSide && width * height <= maxPixels
    }

    /// The premultiplied pixel at (x, y).
    @inlinable public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        if isPending(x: x, y: y) { return (0, 0, 0, 0) }
        let i = y * bytesPerRow + x * 4
        return (storage[i], storage[i + 1], storage[i + 2], storage[i + 3])
    }

    /// Sets every pixel to one premultiplied colour.
    @usableFromInline package mutating func fill(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let color = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        defer { filled = (color, 0..<0, 0..<0) }
        if let f = filled, f.color == color {
            // Only what was drawn since the last fill of this colour differs from it.
            let (columns, stride) = (f.x, bytesPerRow)
            if f.y.isEmpty { return }
            storage.withUnsafeMutableBytes { raw in
                for y in f.y {
                    (raw.baseAddress! + y * stride + columns.lowerBound * 4).initializeMemory(
                        as: UInt32.self, repeating: color.littleEndian, count: columns.count)
                }
            }
            return
        }
        dropPending()
        markAll()
        let (width, height, bytesPerRow) = (width, height, bytesPerRow)
        storage.withUnsafeMutableBufferPointer { buf in
            // One row pixel by pixel, then copied: a background fill was half of a simple
            // frame's render time at 1080² when every pixel was stored byte by byte.
            let base = buf.baseAddress!
            var i = 0
            for _ in 0..<width {
                base[i] = r; base[i + 1] = g; base[i + 2] = b; base[i + 3] = a
                i += 4
            }
            for y in 1..<max(1, height) { (base + y * bytesPerRow).update(from: base, count: width * 4) }
        }
    }

    /// Sets every pixel to transparent black. Nothing is written yet: the rows of the dirty
    /// rectangle become pending (see the type's comment), and are zeroed when next drawn,
    /// written or settled.
    @usableFromInline package mutating func clear() {
        filled = nil
        if dirtyX.isEmpty || dirtyY.isEmpty { return }
        if pendingRows.isEmpty { pendingRows = [UInt8](repeating: 0, count: height) }
        pendingX = pendingY.isEmpty ? dirtyX : Bitmap.hull(pendingX, dirtyX)
        pendingY = Bitmap.hull(pendingY, dirtyY)
        let rows = dirtyY
        pendingRows.withUnsafeMutableBufferPointer { flags in
            (flags.baseAddress! + rows.lowerBound).update(repeating: 1, count: rows.count)
        }
        dirtyX = 0..<0; dirtyY = 0..<0
    }
}
