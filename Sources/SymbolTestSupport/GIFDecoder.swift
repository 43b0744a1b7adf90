import CGIF

/// A GIF read by giflib's `DGifSlurp` and composited frame by frame as a browser does:
/// transparent pixels leave the canvas alone, disposal 2 clears the frame's rectangle to
/// transparent, disposal 3 restores the canvas from before the frame.
package struct DecodedGIF: Sendable {
    /// One image of the GIF and the canvas after it.
    package struct Frame: Sendable {
        /// The whole canvas after this frame, straight RGBA; transparent is (0, 0, 0, 0).
        package var rgba: [UInt8]
        /// Centiseconds.
        package var delay: Int
        package var disposal: Int
        package var x: Int, y: Int, width: Int, height: Int
        package var hasLocalPalette: Bool
        package var transparentIndex: Int?
    }

    package var width: Int
    package var height: Int
    package var hasGlobalPalette: Bool
    /// The NETSCAPE2.0 repeat count (0 = forever), or nil when the GIF has no loop extension.
    package var loopCount: Int?
    package var frames: [Frame]

    /// Sum of all delays, in centiseconds.
    package var duration: Int { frames.reduce(0) { $0 + $1.delay } }
}

/// Reads GIFs with giflib (see `DecodedGIF`).
package enum GIFDecoder {
    package static func decode(path: String) throws -> DecodedGIF {
        ReferenceLog.record("giflib decode")
        var status: Int32 = 0
        guard let gif = DGifOpenFileName(path, &status) else { throw DecodeError("giflib cannot open \(path)") }
        defer { DGifCloseFile(gif, &status) }
        guard DGifSlurp(gif) == GIF_OK else {
            throw DecodeError("giflib cannot read \(path): \(String(cString: GifErrorString(gif.pointee.Error)))")
        }
        let w = Int(gif.pointee.SWidth), h = Int(gif.pointee.SHeight)
        var result = DecodedGIF(width: w, height: h, hasGlobalPalette: gif.pointee.SColorMap != nil, loopCount: nil, frames: [])
        var canvas = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[i]
            if i == 0 { result.loopCount = loopCount(image) }
            var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            DGifSavedExtensionToGCB(gif, Int32(i), &control)
            let d = image.ImageDesc
            guard let map = d.ColorMap ?? gif.pointee.SColorMap else { throw DecodeError("frame \(i) has no colour table") }
            let saved = canvas
            let (fx, fy, fw, fh) = (Int(d.Left), Int(d.Top), Int(d.Width), Int(d.Height))
            for y in 0..<fh {
                for x in 0..<fw {
                    let index = Int(image.RasterBits[y * fw + x])
                    if index == Int(control.TransparentColor) { continue }
                    let cx = fx + x, cy = fy + y
                    guard cx < w, cy < h else { continue }
                    let c = map.pointee.Colors[index]
                    let o = (cy * w + cx) * 4
                    canvas[o] = c.Red; canvas[o + 1] = c.Green; canvas[o + 2] = c.Blue; canvas[o + 3] = 255
                }
            }
            result.frames.append(
                .init(
                    rgba: canvas, delay: Int(control.DelayTime), disposal: Int(control.DisposalMode), x: fx, y: fy, width: fw,
                    height: fh, hasLocalPalette: d.ColorMap != nil,
                    transparentIndex: control.TransparentColor >= 0 ? Int(control.TransparentColor) : nil))
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in fy..<min(h, fy + fh) {
                    for x in fx..<min(w, fx + fw) { for c in 0..<4 { canvas[(y * w + x) * 4 + c] = 0 } }
                }
            case DISPOSE_PREVIOUS:
                canvas = saved
            default:
                break
            }
        }
        return result
    }

    private static func loopCount(_ image: SavedImage) -> Int? {
        let blocks = UnsafeBufferPointer(start: image.ExtensionBlocks, count: Int(image.ExtensionBlockCount))
        for (k, block) in blocks.enumerated() where block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 {
            let name = String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self)
            guard name == "NETSCAPE2.0", k + 1 < blocks.count, blocks[k + 1].ByteCount >= 3 else { continue }
            let data = blocks[k + 1].Bytes!
            return Int(data[1]) | Int(data[2]) << 8
        }
        return nil
    }
}
