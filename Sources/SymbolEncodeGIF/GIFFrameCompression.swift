import SymbolEncode

/// The costly, pure part of one GIF frame, for `StagedFrameEncoder`: turning its changed
/// rectangle into an LZW code stream. `GIFEncoder.stage` decides everything else (palette,
/// indices, rectangle, disposal, delay) and copies out the rectangle's indices; `run` may go on
/// any thread.
package struct GIFFrameCompression: EncodeWork {
    /// A frame ready to be written, in staging order (`GIFEncoder.commit`).
    package struct Output: Sendable {
        let rect: PixelRect
        let codes: [UInt8]
        let localTable: [UInt32]?
        let transparentIndex: Int?
        let disposal: Int32
        let delay: Int
    }

    let rect: PixelRect
    /// The rectangle's palette indices, row by row.
    let own: [UInt8]
    /// 1 where the rectangle's pixel already shows on the canvas (it may then be coded as the
    /// transparent index instead); nil when no pixel may.
    let free: [UInt8]?
    let codeSize: Int
    let localTable: [UInt32]?
    let transparentIndex: Int?
    let disposal: Int32
    let delay: Int

    /// Takes what the frame's rectangle needs from the encoder's full-frame buffers, so the
    /// work holds only the rectangle (two bytes a pixel) however long it waits.
    init(rect: PixelRect, width: Int, indices: [UInt8], display: [UInt32], canvas: [UInt32], codeSize: Int,
         localTable: [UInt32]?, transparentIndex: Int?, allowTransparent: Bool, disposal: Int32, delay: Int) {
        var own = [UInt8](repeating: 0, count: rect.area)
        var free: [UInt8]?
        indices.withUnsafeBufferPointer { i in
            display.withUnsafeBufferPointer { d in
                canvas.withUnsafeBufferPointer { c in
                    own.withUnsafeMutableBufferPointer { out in
                        extractIndices(indices: i, display: d, canvas: c, width: width, rect: rect, unchanged: .drawn,
                                       transparent: 0, into: out)
                    }
                    if allowTransparent, transparentIndex != nil {
                        var f = [UInt8](repeating: 0, count: rect.area)
                        f.withUnsafeMutableBufferPointer { unchangedInRect(display: d, canvas: c, width: width, rect: rect, into: $0) }
                        free = f
                    }
                }
            }
        }
        self.rect = rect
        self.own = own
        self.free = free
        self.codeSize = codeSize
        self.localTable = localTable
        self.transparentIndex = transparentIndex
        self.disposal = disposal
        self.delay = delay
    }

    package func run() -> Output {
        Output(rect: rect, codes: codes(), localTable: localTable, transparentIndex: transparentIndex,
               disposal: disposal, delay: delay)
    }

    /// The rectangle's LZW code stream. Pixels already on the canvas are drawn, or chosen while
    /// simulating the coder to extend its matches (drawn or transparent, pixel by pixel):
    /// whichever codes smaller. Making them all transparent, or choosing them to extend runs,
    /// were tried too until measured: on the benchmark's 512² clips (89 difference frames
    /// each) they won 5 and 8 frames and saved 21 B of 231 KB and 500 B of 617 KB, for two
    /// of the four LZW passes.
    func codes() -> [UInt8] {
        let codeSize = codeSize
        func encode(_ indices: [UInt8]) -> [UInt8] {
            indices.withUnsafeBufferPointer { lzwEncode($0, minCodeSize: codeSize, policy: .adaptive) }
        }
        let best = encode(own)
        guard let free, let t = transparentIndex else { return best }
        var flexible = [UInt8](repeating: 0, count: own.count)
        own.withUnsafeBufferPointer { own in
            free.withUnsafeBufferPointer { free in
                flexible.withUnsafeMutableBufferPointer { out in
                    _ = lzwFlexibleIndices(own: own, free: free, transparent: UInt8(t), minCodeSize: codeSize, into: out)
                }
            }
        }
        let flexibleCodes = encode(flexible)
        return flexibleCodes.count < best.count ? flexibleCodes : best
    }
}
