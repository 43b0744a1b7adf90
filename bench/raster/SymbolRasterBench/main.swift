// SymbolRasterBench: clear + draw (+ settle: the clear is lazy) per frame, single-threaded, 180 frames per input and size,
// each frame with its own transform (scale 0.85 → 1.15 and rotation −10° → +10° about the
// centre, in equal steps). Paths are parsed once. The 180 frames are timed `--repeat` times
// (default 3) and the best run is kept, because the machine is shared. Prints
// `ours INPUT SIZE MS_PER_FRAME`. With --encode-png every frame is also encoded as a PNG in
// memory (zlib level 6) and the line starts `ours+png`: the like-for-like figure against resvg,
// which can only be timed on whole SVG → PNG renders (bench/raster/reference.py).
// Usage: SymbolRasterBench [--sizes 256,512,1080] [--frames 180] [--repeat 3] [--encode-png] [--png DIR] FILE.txt…
import Foundation
import SymbolEncodePNG
import SymbolGeometry
import SymbolRaster

var sizes = [256, 512, 1080]
var frames = 180
var repeats = 3
var pngFolder: String?
var encodePNG = false
var files: [String] = []
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--sizes": sizes = (args.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--frames": frames = Int(args.popFirst() ?? "") ?? frames
    case "--repeat": repeats = max(1, Int(args.popFirst() ?? "") ?? repeats)
    case "--png": pngFolder = args.popFirst()
    case "--encode-png": encodePNG = true
    default: files.append(a)
    }
}

/// The frame's user → device transform: the viewBox fitted to the canvas, then scaled and
/// rotated about the centre. Same formula as bench/raster/reference.py.
func frameTransform(_ box: Rect, size: Int, frame i: Int, of n: Int) -> Transform {
    let t = n > 1 ? Double(i) / Double(n - 1) : 0
    let s = 0.85 + 0.30 * t, angle = -10 + 20 * t
    let fit = Double(size) / max(box.width, box.height)
    let c = Double(size) / 2
    return Transform.translation(-box.center.x, -box.center.y)
        .concatenating(.scale(fit * s))
        .concatenating(.rotation(degrees: angle))
        .concatenating(.translation(c, c))
}

let painter = Painter()
do {
    for file in files {
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let input = try BenchInput(name: name, text: String(contentsOfFile: file, encoding: .utf8))
        for size in sizes {
            guard var bitmap = Bitmap(width: size, height: size) else { continue }
            var encodedBytes = 0
            func draw(_ i: Int) {
                bitmap.clear()
                let m = frameTransform(input.viewBox, size: size, frame: i, of: frames)
                for (path, color) in input.paths { painter.fill(path, transform: m, paint: .solid(color), into: &bitmap) }
                bitmap.settle()  // the frame as a reader gets it: rows the clear left pending are zeroed
                if encodePNG { encodedBytes &+= (try? PNGStill.encode(bitmap))?.count ?? 0 }
            }
            draw(0)  // warm-up: pools and tables
            let clock = ContinuousClock()
            var ms = Double.infinity
            for _ in 0..<repeats {
                let elapsed = clock.measure { for i in 0..<frames { draw(i) } }
                ms = min(ms, Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
            }
            print("\(encodePNG ? "ours+png" : "ours") \(name) \(size) \(String(format: "%.4f", ms / Double(frames)))")
            if let folder = pngFolder { try writePPM(bitmap, to: "\(folder)/\(name)-\(size).pam") }
        }
    }
} catch {
    FileHandle.standardError.write(Data("SymbolRasterBench: \(error)\n".utf8))
    exit(1)
}

/// Writes the last frame as a PAM (RGB_ALPHA, premultiplied) so it can be looked at without
/// a PNG library in this target.
func writePPM(_ b: Bitmap, to path: String) throws {
    var data = Data("P7\nWIDTH \(b.width)\nHEIGHT \(b.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
    data.append(contentsOf: b.pixels)
    try data.write(to: URL(fileURLWithPath: path))
}
