import CGIF
import SymbolEncode

// How a GIF frame is cut and written: its changed rectangle, the disposal that leaves the
// smaller rectangle for the next frame (or that clears pixels the next frame needs
// transparent), and unchanged pixels drawn or left transparent, whichever LZW codes smaller.
extension GIFEncoder {
    /// Writes the pending frame, choosing its disposal for `next` (nil: it is the last), with
    /// the delay up to the next frame's time unless given. Leaves the next frame's canvas in
    /// `canvas`.
    func writePending(before next: Pending?, delay givenDelay: Int? = nil) throws {
        guard let frame = pending, let writer, let resampler else { return }
        let (w, h) = (width, height)
        let isFirst = framesWritten == 0
        let full = PixelRect(x: 0, y: 0, width: w, height: h)
        var rect = full
        var disposal = transparentCanvas ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT
        if options.differencing && !isFirst {
            rect = frame.display.withUnsafeBufferPointer { d in
                canvas.withUnsafeBufferPointer { c in differenceBounds(d, c, width: w, height: h) }
            } ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        var nextCanvas: [UInt32]
        if options.differencing, let next {
            (rect, disposal, nextCanvas) = chooseDisposal(frame: frame, rect: rect, next: next)
        } else if disposal == DISPOSE_BACKGROUND {
            nextCanvas = frame.display
            nextCanvas.withUnsafeMutableBufferPointer { fill($0, width: w, rect: rect, with: 0) }
        } else {
            nextCanvas = frame.display
        }
        let delay = givenDelay
            ?? resampler.output.boundary(ofFrame: next!.outputIndex, unitsPerSecond: 100)
            - resampler.output.boundary(ofFrame: frame.outputIndex, unitsPerSecond: 100)
        let codes = encodeRect(frame: frame, rect: rect, allowTransparent: options.differencing && !isFirst)
        lastControlOffset = try writer.writeFrame(
            rect: rect, codes: codes, localTable: frame.palette.isGlobal ? nil : frame.palette.colours,
            transparentIndex: frame.palette.transparentIndex, disposal: disposal, delay: delay)
        lastDelay = delay
        framesWritten += 1
        canvas = nextCanvas
    }

    /// Leave the frame in place, or restore its rectangle to transparent, whichever makes
    /// this rectangle plus the next frame's smaller. Leaving is impossible when the next frame
    /// has transparent pixels where this one is opaque; the rectangle then grows to cover them.
    private func chooseDisposal(frame: Pending, rect: PixelRect, next: Pending) -> (PixelRect, Int32, [UInt32]) {
        let (w, h) = (width, height)
        let mustClear = next.display.withUnsafeBufferPointer { n in
            frame.display.withUnsafeBufferPointer { c in clearBounds(next: n, current: c, width: w, height: h) }
        }
        var keepCost = Int.max
        if mustClear == nil {
            let nextRect = next.display.withUnsafeBufferPointer { n in
                frame.display.withUnsafeBufferPointer { c in differenceBounds(n, c, width: w, height: h) }
            }
            keepCost = rect.area + (nextRect?.area ?? 1)
        }
        let clearRect = mustClear.map { rect.union($0) } ?? rect
        scratch = frame.display
        scratch.withUnsafeMutableBufferPointer { fill($0, width: w, rect: clearRect, with: 0) }
        let nextRect = next.display.withUnsafeBufferPointer { n in
            scratch.withUnsafeBufferPointer { c in differenceBounds(n, c, width: w, height: h) }
        }
        let clearCost = clearRect.area + (nextRect?.area ?? 1)
        if keepCost <= clearCost { return (rect, DISPOSE_DO_NOT, frame.display) }
        return (clearRect, DISPOSE_BACKGROUND, scratch)
    }

    /// The rectangle's LZW code stream. Pixels already on the canvas are drawn, or chosen while
    /// simulating the coder to extend its matches (drawn or transparent, pixel by pixel):
    /// whichever codes smaller. Making them all transparent, or choosing them to extend runs,
    /// were tried too until measured: on the benchmark's 512² clips (89 difference frames
    /// each) they won 5 and 8 frames and saved 21 B of 231 KB and 500 B of 617 KB, for two
    /// of the four LZW passes.
    private func encodeRect(frame: Pending, rect: PixelRect, allowTransparent: Bool) -> [UInt8] {
        let area = rect.area
        if rectIndices.count < area {
            rectIndices = [UInt8](repeating: 0, count: area)
            rectOwn = rectIndices
            rectFree = rectIndices
        }
        let w = width
        let codeSize = minCodeSize(frame.palette)
        let t = UInt8(frame.palette.transparentIndex ?? 0)
        func encode(_ indices: [UInt8]) -> [UInt8] {
            indices.withUnsafeBufferPointer { lzwEncode(UnsafeBufferPointer(rebasing: $0[0..<area]), minCodeSize: codeSize, policy: .adaptive) }
        }
        func extract(_ unchanged: UnchangedPixels) -> [UInt8] {
            frame.indices.withUnsafeBufferPointer { i in
                frame.display.withUnsafeBufferPointer { d in
                    canvas.withUnsafeBufferPointer { c in
                        rectIndices.withUnsafeMutableBufferPointer { out in
                            extractIndices(
                                indices: i, display: d, canvas: c, width: w, rect: rect, unchanged: unchanged, transparent: t,
                                into: out)
                        }
                    }
                }
            }
            return encode(rectIndices)
        }
        let best = extract(.drawn)
        guard allowTransparent, frame.palette.transparentIndex != nil else { return best }
        rectOwn.withUnsafeMutableBufferPointer { own in
            rectIndices.withUnsafeBufferPointer { _ = own.update(fromContentsOf: $0) }
        }
        frame.display.withUnsafeBufferPointer { d in
            canvas.withUnsafeBufferPointer { c in
                rectFree.withUnsafeMutableBufferPointer { unchangedInRect(display: d, canvas: c, width: w, rect: rect, into: $0) }
            }
        }
        rectOwn.withUnsafeBufferPointer { own in
            rectFree.withUnsafeBufferPointer { free in
                rectIndices.withUnsafeMutableBufferPointer { out in
                    _ = lzwFlexibleIndices(
                        own: UnsafeBufferPointer(rebasing: own[0..<area]), free: UnsafeBufferPointer(rebasing: free[0..<area]),
                        transparent: t, minCodeSize: codeSize, into: out)
                }
            }
        }
        let flexible = encode(rectIndices)
        return flexible.count < best.count ? flexible : best
    }

    /// LZW's starting code size for a frame: the bits of its table's entries, at least 2.
    private func minCodeSize(_ palette: FramePalette) -> Int {
        let tableSize = GIFWriter.tableSize(for: palette.isGlobal ? palettes.maxColors : palette.colours.count)
        return max(2, GIFWriter.bits(for: tableSize))
    }
}
