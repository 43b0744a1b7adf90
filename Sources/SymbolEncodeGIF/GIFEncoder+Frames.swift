import CGIF
import SymbolEncode

// How a GIF frame is cut and written: its changed rectangle, the disposal that leaves the
// smaller rectangle for the next frame (or that clears pixels the next frame needs
// transparent), and unchanged pixels drawn or left transparent, whichever LZW codes smaller.
extension GIFEncoder {
    /// Stages the pending frame: chooses its rectangle and its disposal for `next` (nil: it is
    /// the last), with the delay up to the next frame's time unless given, and returns the work
    /// that codes it. Leaves the next frame's canvas in `canvas`.
    func stagePending(before next: Pending?, delay givenDelay: Int? = nil) -> GIFFrameCompression? {
        guard let frame = pending, let resampler else { return nil }
        let (w, h) = (width, height)
        let isFirst = framesStaged == 0
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
        let work = GIFFrameCompression(
            rect: rect, width: w, indices: frame.indices, display: frame.display, canvas: canvas,
            codeSize: minCodeSize(frame.palette), localTable: frame.palette.isGlobal ? nil : frame.palette.colours,
            transparentIndex: frame.palette.transparentIndex, allowTransparent: options.differencing && !isFirst,
            disposal: disposal, delay: delay)
        framesStaged += 1
        canvas = nextCanvas
        return work
    }

    /// Writes a staged frame.
    package func commit(_ output: GIFFrameCompression.Output) throws {
        guard let writer else { throw EncodeError.invalidUse(path: path, reason: "commit called before begin") }
        guard framesWritten < framesStaged else {
            throw EncodeError.invalidUse(path: path, reason: "commit called with no staged frame")
        }
        do {
            lastControlOffset = try writer.writeFrame(
                rect: output.rect, codes: output.codes, localTable: output.localTable,
                transparentIndex: output.transparentIndex, disposal: output.disposal, delay: output.delay)
        } catch {
            cancel()
            throw error
        }
        lastDelay = output.delay
        framesWritten += 1
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

    /// LZW's starting code size for a frame: the bits of its table's entries, at least 2.
    private func minCodeSize(_ palette: FramePalette) -> Int {
        let tableSize = GIFWriter.tableSize(for: palette.isGlobal ? palettes.maxColors : palette.colours.count)
        return max(2, GIFWriter.bits(for: tableSize))
    }
}
