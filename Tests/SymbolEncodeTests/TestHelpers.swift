import Foundation
import SymbolEncode
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport

/// A fresh folder under the system temporary directory, removed by `cleanUp`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = try makeTemporaryDirectory("encode").path
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Every entry in the folder, hidden ones included (temporary files start with a dot).
    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}

/// Straight RGBA of a premultiplied bitmap by the plain formula (invisible pixels → 0).
func straightRGBA(_ bitmap: Bitmap) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width {
            let p = bitmap.pixel(x: x, y: y)
            let o = (y * bitmap.width + x) * 4
            out[o] = referenceUnpremultiply(p.r, p.a)
            out[o + 1] = referenceUnpremultiply(p.g, p.a)
            out[o + 2] = referenceUnpremultiply(p.b, p.a)
            out[o + 3] = p.a
        }
    }
    return out
}

/// Opaque RGBA of a premultiplied bitmap over `bg`, in a canvas of `width × height` whose extra
/// area is `bg` (the padding an encoder adds).
func opaqueRGBA(_ bitmap: Bitmap, over bg: RGBColor, width: Int? = nil, height: Int? = nil) -> [UInt8] {
    let w = width ?? bitmap.width, h = height ?? bitmap.height
    var out = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
        for x in 0..<w {
            let o = (y * w + x) * 4
            guard x < bitmap.width, y < bitmap.height else {
                out[o] = bg.r; out[o + 1] = bg.g; out[o + 2] = bg.b
                continue
            }
            let p = bitmap.pixel(x: x, y: y)
            out[o] = referenceOver(p.r, p.a, bg.r)
            out[o + 1] = referenceOver(p.g, p.a, bg.g)
            out[o + 2] = referenceOver(p.b, p.a, bg.b)
        }
    }
    return out
}

/// Peak signal-to-noise ratio over the R, G and B channels of two RGBA pictures, in dB.
func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count)
    var sum = 0.0, n = 0
    for i in stride(from: 0, to: a.count, by: 4) {
        for c in 0..<3 {
            let d = Double(a[i + c]) - Double(b[i + c])
            sum += d * d
        }
        n += 3
    }
    guard sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (sum / Double(n)))
}

/// BT.709 luma of every pixel, written to R, G and B (alpha kept), so `psnr` measures luma.
func luma709(_ rgba: [UInt8]) -> [UInt8] {
    var out = rgba
    for p in stride(from: 0, to: rgba.count, by: 4) {
        let y = 0.2126 * Double(rgba[p]) + 0.7152 * Double(rgba[p + 1]) + 0.0722 * Double(rgba[p + 2])
        let v = UInt8(min(255, max(0, y.rounded())))
        out[p] = v; out[p + 1] = v; out[p + 2] = v
    }
    return out
}

/// The largest per-channel difference over all four channels.
func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}

/// What `ffprobe -v warning` prints about a file: nothing when the file is clean.
func ffprobeWarnings(_ path: String) throws -> String {
    let result = try Requirement.ffprobe.run(["-v", "warning", "-hide_banner", path])
    return result.status == 0 ? result.output : "exit \(result.status): \(result.output)"
}

/// Encodes `frames` frames of `source` with `encoder`; returns the summary.
@discardableResult
func encodeClip(
    _ encoder: any FrameEncoder, _ source: SyntheticFrames, frames: Int, rate: FrameRate? = nil,
    background: RGBColor? = nil
) throws -> EncodeSummary {
    let stream = StreamFormat(
        width: source.width, height: source.height, rate: rate ?? FrameRate(source.fps),
        background: background)
    try encoder.begin(stream)
    for i in 0..<frames { try encoder.encode(source.frame(i), at: i) }
    return try encoder.finish()
}

let brandBlue = SyntheticFrames.RGB(0, 122, 255)
let systemGray6 = SyntheticFrames.RGB(242, 242, 247)

extension SyntheticFrames.RGB {
    var encodeColor: RGBColor { RGBColor(r: r, g: g, b: b) }
}

/// Runs all of `work` at once on Dispatch's worker threads, the last item first, and returns
/// the outputs in staging order: the most out-of-order way a driver may run staged work.
func runConcurrentlyInReverse<W: EncodeWork>(_ work: [W]) -> [Result<W.Output, any Error>] {
    let outputs = ConcurrentResults<W.Output>(count: work.count)
    DispatchQueue.concurrentPerform(iterations: work.count) { k in
        outputs.set(k, Result { try work[work.count - 1 - k].run() }, reversed: true)
    }
    return outputs.values
}

/// Results filled from concurrent work, read in order afterwards.
final class ConcurrentResults<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<T, any Error>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    /// Stores result `k` (counted from the end when `reversed`).
    func set(_ k: Int, _ value: Result<T, any Error>, reversed: Bool = false) {
        lock.withLock { slots[reversed ? slots.count - 1 - k : k] = value }
    }
    var values: [Result<T, any Error>] { lock.withLock { slots.map { $0! } } }
}
