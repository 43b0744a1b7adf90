import Foundation
import SymbolReel

/// The looping clip the page plays: the clip's own frames at preview size, each a PNG held in
/// memory, which the page preloads and draws on a canvas at the loop's rate.
///
/// Not a video: an animated WebP of a 3 s 512² clip took 1–4.7 s to encode (the encoder picks
/// a slow lossy mode for gradients and multicolour), while rendering the frames takes a few
/// hundredths of a second and an unfiltered PNG at zlib level 1 a few milliseconds. The frames are the
/// render pipeline's (`Clip.frame(index:width:)`), so the loop is exact, not a lossy copy.
struct PreviewLoop: Sendable {
    /// The largest side of the loop's frames and of scrubbed frames: a preview, not the output.
    static let side = 512
    /// The most frames a second the loop plays.
    static let maxFPS = 30.0
    /// The most frames a loop holds (8 s at 30 fps): bounds the server's memory and the page's
    /// decoded frames (at most 240 × 1 MiB at 512²). A longer clip plays at a lower rate.
    static let maxFrames = 240
    var width: Int
    var height: Int
    /// Every `stride`-th frame of the clip is in the loop.
    var stride: Int
    /// The PNG bytes of each loop frame, in order.
    var frames: [[UInt8]]
    /// Why the loop plays fewer frames a second than the clip, when it does.
    var note: String?

    /// The preview size of a clip: its own, or scaled so the larger side is `side`.
    static func size(_ clip: Clip) -> (Int, Int) {
        let w = clip.settings.width, h = clip.settings.height
        let scale = min(1, Double(side) / Double(max(w, h)))
        return (max(16, Int((Double(w) * scale).rounded())), max(16, Int((Double(h) * scale).rounded())))
    }

    /// The whole factor by which the loop lowers the clip's rate: to at most `maxFPS`, and to at
    /// most `maxFrames` frames.
    static func stride(_ clip: Clip) -> Int {
        let byRate = Int((clip.rate.framesPerSecond / maxFPS).rounded(.up))
        let byCount = (clip.frameCount + maxFrames - 1) / maxFrames
        return max(1, byRate, byCount)
    }

    /// The loop's rate for `clip`.
    static func rate(_ clip: Clip) -> Double { clip.rate.framesPerSecond / Double(stride(clip)) }

    /// Renders and encodes the loop, the frames spread over the machine's cores.
    static func render(_ clip: Clip) throws -> PreviewLoop {
        let (w, h) = size(clip)
        let step = stride(clip)
        let count = (clip.frameCount + step - 1) / step
        let slots = Slots(count)
        // PNGs unfiltered at zlib level 1: flat and transparent areas
        // still shrink to almost nothing, and the frames cross the loopback once per save.
        DispatchQueue.concurrentPerform(iterations: count) { k in
            slots.set(k, Result { try PNGStill.encode(clip.frame(index: k * step, width: w), compressionLevel: 1, unfiltered: true) })
        }
        let frames = try slots.results().map { try $0.get() }
        var note: String?
        if step > Int((clip.rate.framesPerSecond / maxFPS).rounded(.up)) {
            let fps = clip.rate.framesPerSecond / Double(step)
            note = "the loop plays every \(step)th frame (\(String(format: "%.3g", fps)) fps): a loop holds at most \(maxFrames) frames; pause or scrub for any frame"
        }
        return PreviewLoop(width: w, height: h, stride: step, frames: frames, note: note)
    }

    /// The frames' results as the threads finish them.
    private final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Result<[UInt8], Error>?]
        init(_ count: Int) { items = Array(repeating: nil, count: count) }
        func set(_ k: Int, _ r: Result<[UInt8], Error>) { lock.withLock { items[k] = r } }
        func results() -> [Result<[UInt8], Error>] { lock.withLock { items.map { $0! } } }
    }
}
