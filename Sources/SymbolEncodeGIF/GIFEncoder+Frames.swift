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
        let indices = chooseIndices(frame: frame, rect: rect, allowTransparent: options.differencing && !isFirst)
        let delay = givenDelay
            ?? resampler.output.boundary(ofFrame: next!.outputIndex, unitsPerSecond: 100)
            - resampler.output.boundary(ofFrame: frame.outputIndex, unitsPerSecond: 100)
        lastControlOffset = try rectIndices.withUnsafeMutableBufferPointer { buffer in
            try writer.writeFrame(
                rect: rect, indices: buffer.baseAddress!, localTable: frame.palette.isGlobal ? nil : frame.palette.colours,
                transparentIndex: frame.palette.transparentIndex, disposal: disposal, delay: delay)
        }
        _ = indices
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

    /// Fills `rectIndices` with the rectangle's indices: as mapped, or with pixels already on
    /// the canvas made transparent, whichever the LZW coder makes smaller.
    @discardableResult
    private func chooseIndices(frame: Pending, rect: PixelRect, allowTransparent: Bool) -> Int {
        if rectIndices.count < rect.area { rectIndices = [UInt8](repeating: 0, count: rect.area) }
        let w = width
        let codeSize = max(2, bitWidth(GIFWriter.tableSize(for: frame.palette.colours.count)))
        func extract(_ transparent: UInt8?) -> Int {
            frame.indices.withUnsafeBufferPointer { i in
                frame.display.withUnsafeBufferPointer { d in
                    canvas.withUnsafeBufferPointer { c in
                        rectIndices.withUnsafeMutableBufferPointer { out in
                            extractIndices(indices: i, display: d, canvas: c, width: w, rect: rect, transparent: transparent, into: out)
                            return lzwCompressedSize(UnsafeBufferPointer(rebasing: out[0..<rect.area]), minCodeSize: codeSize)
                        }
                    }
                }
            }
        }
        let opaqueSize = extract(nil)
        guard allowTransparent, let t = frame.palette.transparentIndex else { return opaqueSize }
        let transparentSize = extract(UInt8(t))
        if transparentSize <= opaqueSize { return transparentSize }
        return extract(nil)
    }

    private func bitWidth(_ tableSize: Int) -> Int {
        var bits = 1
        while 1 << bits < tableSize { bits += 1 }
        return bits
    }
}
