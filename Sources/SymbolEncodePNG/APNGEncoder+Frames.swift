import SymbolEncode

// How an APNG frame is chosen and written: the changed rectangle, OVER or SOURCE, and the
// dispose op that leaves the smaller rectangle for the next frame.
extension APNGEncoder {
    enum Dispose: UInt8 { case none = 0, background = 1 }
    enum Blend: UInt8 { case source = 0, over = 1 }

    /// Largest `IDAT`/`fdAT` chunk written; decoders handle any size, but smaller chunks keep
    /// the writer's buffers small.
    static let maxChunkData = 1 << 18

    /// Writes the pending frame: its changed rectangle (the whole picture for frame 0), blended
    /// by whichever op compresses smaller, and, when another frame follows (`incoming`), the
    /// dispose op that makes the next rectangle smaller. Leaves the next frame's canvas in
    /// `canvas`.
    func writePending(followedBy hasNext: Bool) throws {
        let isFirst = framesWritten == 0
        var rect = PixelRect(x: 0, y: 0, width: width, height: height)
        if options.differencing && !isFirst {
            rect =
                pending.withUnsafeBufferPointer { p in
                    canvas.withUnsafeBufferPointer { c in differenceBounds(p, c, width: width, height: height) }
                } ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        let (data, blend) = try compress(rect: rect, allowOver: options.differencing && !isFirst)
        let dispose: Dispose = hasNext && options.differencing ? chooseDispose(after: rect) : .none
        try writeFrame(rect: rect, data: data, blend: blend, dispose: dispose, isFirst: isFirst)
        framesWritten += 1
    }

    /// The rectangle's zlib stream with SOURCE, or with OVER (unchanged pixels transparent)
    /// when that is possible and smaller.
    private func compress(rect: PixelRect, allowOver: Bool) throws -> ([UInt8], Blend) {
        if rectPixels.count < rect.area { rectPixels = [UInt32](repeating: 0, count: rect.area) }
        let w = width
        let unchanged: Int? =
            allowOver
            ? pending.withUnsafeBufferPointer { p in
                canvas.withUnsafeBufferPointer { c in overBlendUnchangedCount(frame: p, canvas: c, width: w, rect: rect) }
            } : nil
        var best = try compressRect(rect, overCanvas: false)
        var blend = Blend.source
        if let unchanged, unchanged > 0 {
            let over = try compressRect(rect, overCanvas: true)
            if over.count < best.count {
                best = over
                blend = .over
            }
        }
        return (best, blend)
    }

    private func compressRect(_ rect: PixelRect, overCanvas: Bool) throws -> [UInt8] {
        let w = width
        pending.withUnsafeBufferPointer { p in
            canvas.withUnsafeBufferPointer { c in
                rectPixels.withUnsafeMutableBufferPointer { out in
                    extractRect(frame: p, canvas: overCanvas ? c : nil, width: w, rect: rect, into: out)
                }
            }
        }
        let png = try rectPixels.withUnsafeBytes { raw in
            try PNGCompressor.encode(
                raw.baseAddress!, width: rect.width, height: rect.height, stride: rect.width * 4,
                level: min(max(options.compressionLevel, 0), 9), srgb: false, path: path)
        }
        return PNGChunk.imageData(ofPNG: png)
    }

    /// Keeps the pending frame on the canvas, or clears its rectangle, whichever leaves the
    /// smaller rectangle for the next frame.
    private func chooseDispose(after rect: PixelRect) -> Dispose {
        let w = width, h = height
        let kept =
            pending.withUnsafeBufferPointer { p in
                incoming.withUnsafeBufferPointer { n in differenceBounds(n, p, width: w, height: h) }
            }?.area ?? 0
        scratch = pending
        scratch.withUnsafeMutableBufferPointer { fill($0, width: w, rect: rect, with: 0) }
        let cleared =
            scratch.withUnsafeBufferPointer { s in
                incoming.withUnsafeBufferPointer { n in differenceBounds(n, s, width: w, height: h) }
            }?.area ?? 0
        if cleared < kept {
            swap(&canvas, &scratch)
            return .background
        }
        canvas = pending
        return .none
    }

    /// `fcTL`, then the data as `IDAT` (frame 0, the default image) or `fdAT` chunks.
    private func writeFrame(rect: PixelRect, data: [UInt8], blend: Blend, dispose: Dispose, isFirst: Bool) throws {
        guard let file else { return }
        var control: [UInt8] = []
        control.appendBigEndian(nextSequence())
        control.appendBigEndian(UInt32(rect.width))
        control.appendBigEndian(UInt32(rect.height))
        control.appendBigEndian(UInt32(rect.x))
        control.appendBigEndian(UInt32(rect.y))
        control.appendBigEndian(delay.num)
        control.appendBigEndian(delay.den)
        control += [dispose.rawValue, blend.rawValue]
        try file.write(PNGChunk.make("fcTL", control))
        var start = 0
        repeat {
            let end = min(data.count, start + APNGEncoder.maxChunkData)
            if isFirst {
                try file.write(PNGChunk.make("IDAT", Array(data[start..<end])))
            } else {
                var chunk: [UInt8] = []
                chunk.reserveCapacity(end - start + 4)
                chunk.appendBigEndian(nextSequence())
                chunk += data[start..<end]
                try file.write(PNGChunk.make("fdAT", chunk))
            }
            start = end
        } while start < data.count
    }

    private func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    /// `acTL`: frame count and play count.
    static func animationControl(frames: Int, plays: Int) -> [UInt8] {
        var d: [UInt8] = []
        d.appendBigEndian(UInt32(frames))
        d.appendBigEndian(UInt32(plays))
        return d
    }

    /// One frame time as a 16-bit fraction: exact when the rate's terms fit, else the nearest
    /// fraction with a denominator below 65536.
    static func delayFraction(_ timing: FrameTiming) -> (num: UInt16, den: UInt16) {
        let num = timing.denominator, den = timing.numerator  // seconds per frame
        if num <= 65535 && den <= 65535 { return (UInt16(num), UInt16(den)) }
        let seconds = Double(num) / Double(den)
        let d = 65535.0
        let n = max(1.0, min(65535.0, (seconds * d).rounded()))
        return (UInt16(n), UInt16(d))
    }
}
