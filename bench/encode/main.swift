// Encodes the benchmark clip with our encoders and writes the same frames raw for the ffmpeg
// program, so bench/encode.sh and bench/web.sh can compare both on identical input in the same run.
//
//     SymbolEncodeBench OUT_DIR SIDE two|multi|raw:FILE[:transparent] [RUNS [FORMATS]]
//
// two|multi: a synthetic 3 s bounce at 60 fps on an opaque background; writes OUT_DIR/source.rgba
// (60 fps, RGBA, opaque; kept if it is already there). raw:FILE: SIDE² straight RGBA frames at
// 60 fps read from FILE (for example a clip rendered by symbolreel and converted by ffmpeg);
// `:transparent` keeps their alpha (the canvas is transparent), else they are opaque.
// Writes ours.mp4, ours.gif (30 fps), ours.apng, ours.webm, ours-lossless.webp and
// ours-lossy.webp (30 fps; webp-plain: our default lossless, frame rectangles in parallel;
// webp-lossy-plain: lossy without minimize_size, as the ffmpeg program encodes), ours-hevc.mp4, and prints
// `key=value` lines: encode times in seconds (frames already in memory; the best of RUNS runs,
// default 1), sizes, and whether the GIF decodes to exactly the source frames. FORMATS is a
// comma-separated subset of mp4,gif,apng,webm,webp,webp-lossy,hevc (default mp4,gif,apng);
// `none` only writes source.rgba. Encoders are driven as the pipeline drives them
// (`EncoderDriver`: APNG compresses and GIF LZW-codes frames on other threads while the next is
// staged); both are also timed on one thread (`apng_serial_*`, `gif_serial_*`, plain `encode`
// calls), and the files must match.
import Foundation
import SymbolEncode
import SymbolEncodeGIF
import SymbolEncodeMP4
import SymbolEncodePNG
import SymbolEncodeWebP
import SymbolGeometry
import SymbolPipeline
import SymbolRaster
import SymbolTestSupport

let arguments = CommandLine.arguments
let formats = Set((arguments.count == 6 ? arguments[5] : "mp4,gif,apng").split(separator: ",").map(String.init))
let clipArgument = arguments.count > 3 ? arguments[3] : ""
guard (4...6).contains(arguments.count), let side = Int(arguments[2]),
    ["two", "multi"].contains(clipArgument) || clipArgument.hasPrefix("raw:"),
    let runs = arguments.count >= 5 ? Int(arguments[4]) : 1, runs >= 1,
    formats.isSubset(of: ["mp4", "gif", "apng", "webm", "webp", "webp-lossy", "webp-plain", "webp-lossy-plain", "hevc", "av1", "none"])
else {
    FileHandle.standardError.write(
        "usage: SymbolEncodeBench OUT_DIR SIDE two|multi|raw:FILE[:transparent] [RUNS [mp4,gif,apng,webm,webp,webp-lossy,webp-plain,webp-lossy-plain,hevc,av1|none]]\n"
            .data(using: .utf8)!)
    exit(2)
}
let out = arguments[1]
let background = SyntheticFrames.RGB(242, 242, 247)
let frames: [Bitmap]
var transparent = false
if clipArgument.hasPrefix("raw:") {
    // Straight RGBA from a file → premultiplied bitmaps (opaque pixels are unchanged).
    var parts = clipArgument.dropFirst(4).split(separator: ":").map(String.init)
    transparent = parts.last == "transparent"
    if transparent { parts.removeLast() }
    guard let data = FileManager.default.contents(atPath: parts.joined(separator: ":")) else {
        FileHandle.standardError.write("cannot read \(parts.joined(separator: ":"))\n".data(using: .utf8)!)
        exit(1)
    }
    let frameBytes = side * side * 4
    frames = data.withUnsafeBytes { raw in
        (0..<(data.count / frameBytes)).map { k in
            let src = raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + k * frameBytes
            var pixels = [UInt8](UnsafeBufferPointer(start: src, count: frameBytes))
            for p in stride(from: 0, to: frameBytes, by: 4) {
                let a = transparent ? Int(pixels[p + 3]) : 255
                pixels[p + 3] = UInt8(a)
                for c in 0..<3 { pixels[p + c] = UInt8((Int(pixels[p + c]) * a + 127) / 255) }
            }
            return Bitmap(width: side, height: side, pixels: pixels)!
        }
    }
} else {
    let palette: SyntheticFrames.Palette = clipArgument == "two" ? .twoColour(.init(0, 122, 255)) : .multiColour
    let source = SyntheticFrames(width: side, height: side, fps: 60, palette: palette, background: background)
    frames = (0..<180).map(source.frame)  // a 3 s bounce at 60 fps
    // Raw frames for ffmpeg: premultiplied over an opaque background is plain RGBA.
    if !FileManager.default.fileExists(atPath: out + "/source.rgba") {
        _ = FileManager.default.createFile(atPath: out + "/source.rgba", contents: nil)
        let raw = FileHandle(forWritingAtPath: out + "/source.rgba")!
        for frame in frames { raw.write(Data(frame.pixels)) }
        try raw.close()
    }
}

let bg = RGBColor(r: background.r, g: background.g, b: background.b)
let stream = StreamFormat(width: side, height: side, rate: FrameRate(60),
                          background: transparent ? nil : bg)

/// User + system CPU seconds of this process so far, every thread included.
func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

func timed(_ name: String, serial: Bool = false, _ make: () -> any FrameEncoder) throws {
    var best = Double.infinity, bestCPU = Double.infinity
    var summary: EncodeSummary?
    for _ in 0..<runs {
        let encoder = make()
        let start = DispatchTime.now().uptimeNanoseconds
        let startCPU = cpuSeconds()
        try encoder.begin(stream)
        if serial {
            for (i, frame) in frames.enumerated() { try encoder.encode(frame, at: i) }
            summary = try encoder.finish()
        } else {
            let driver = EncoderDriver(encoder)
            for (i, frame) in frames.enumerated() { try driver.encode(frame, at: i) }
            summary = try driver.finish()
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        bestCPU = min(bestCPU, cpuSeconds() - startCPU)
    }
    guard let summary else { return }
    print("\(name)_time=\(String(format: "%.3f", best))")
    print("\(name)_cpu=\(String(format: "%.3f", bestCPU))")
    print("\(name)_bytes=\(summary.byteCount)")
    print("\(name)_frames=\(summary.frameCount)")
}

do {
    if formats.contains("mp4") { try timed("mp4") { VideoEncoder(path: out + "/ours.mp4", codec: .h264(H264Options(crf: 18, preset: .medium))) } }
    if formats.contains("gif") {
        let options = GIFOptions(frameRate: FrameRate(30))
        try timed("gif_serial", serial: true) { GIFEncoder(path: out + "/ours-serial.gif", options: options) }
        try timed("gif") { GIFEncoder(path: out + "/ours.gif", options: options) }
        let same = FileManager.default.contentsEqual(atPath: out + "/ours.gif", andPath: out + "/ours-serial.gif")
        print("gif_serial_identical=\(same)")
        guard same else { throw EncodeError.invalidUse(path: out + "/ours.gif", reason: "differs from the one-thread encode") }
    }
    if formats.contains("apng") {
        try timed("apng_serial", serial: true) { APNGEncoder(path: out + "/ours-serial.apng") }
        try timed("apng") { APNGEncoder(path: out + "/ours.apng") }
        let same = FileManager.default.contentsEqual(atPath: out + "/ours.apng", andPath: out + "/ours-serial.apng")
        print("apng_serial_identical=\(same)")
        guard same else { throw EncodeError.invalidUse(path: out + "/ours.apng", reason: "differs from the one-thread encode") }
    }
    if formats.contains("webm") { try timed("webm") { VideoEncoder(path: out + "/ours.webm", codec: .vp9) } }
    if formats.contains("hevc") { try timed("hevc") { VideoEncoder(path: out + "/ours-hevc.mp4", codec: .hevc) } }
    if formats.contains("av1") { try timed("av1") { VideoEncoder(path: out + "/ours-av1.mp4", codec: .av1) } }
    let webpRate = FrameRate(30)
    if formats.contains("webp") {
        try timed("webp") {
            WebPEncoder(path: out + "/ours-lossless.webp", options: WebPOptions(compression: .losslessMaxEffort, frameRate: webpRate, minimizeSize: true))
        }
    }
    if formats.contains("webp-lossy") {
        try timed("webp_lossy") { WebPEncoder(path: out + "/ours-lossy.webp", options: WebPOptions(compression: .lossy, frameRate: webpRate, minimizeSize: true)) }
    }
    // Lossless, our default (`"effort": "default"`): our own frame rectangles compressed on the
    // driver's threads, level 2 at effort 50; checked byte-identical to the one-thread encode.
    if formats.contains("webp-plain") {
        let options = WebPOptions(compression: .lossless, frameRate: webpRate)
        try timed("webp_plain_serial", serial: true) { WebPEncoder(path: out + "/ours-lossless-serial.webp", options: options) }
        try timed("webp_plain") { WebPEncoder(path: out + "/ours-lossless-plain.webp", options: options) }
        let same = FileManager.default.contentsEqual(atPath: out + "/ours-lossless-plain.webp", andPath: out + "/ours-lossless-serial.webp")
        print("webp_plain_serial_identical=\(same)")
        guard same else { throw EncodeError.invalidUse(path: out + "/ours-lossless-plain.webp", reason: "differs from the one-thread encode") }
    }
    // The ffmpeg program's settings exactly: libwebp's frame differencing without minimize_size.
    if formats.contains("webp-lossy-plain") {
        try timed("webp_lossy_plain") {
            WebPEncoder(path: out + "/ours-lossy-plain.webp", options: WebPOptions(compression: .lossy, frameRate: webpRate, minimizeSize: false))
        }
    }
} catch {
    FileHandle.standardError.write("\(error)\n".data(using: .utf8)!)
    exit(1)
}

// Lossless check of our GIF: every frame against the source frame shown at its time.
guard formats.contains("gif") else { exit(0) }
let gif = try GIFDecoder.decode(path: out + "/ours.gif")
var exactFrames = 0
for (j, frame) in gif.frames.enumerated() {
    let expected = frames[2 * j]
    var same = true
    for p in 0..<(side * side) where same {
        for c in 0..<4 where frame.rgba[p * 4 + c] != expected.pixels[p * 4 + c] { same = false }
    }
    if same { exactFrames += 1 }
}
print("gif_exact_frames=\(exactFrames)/\(gif.frames.count)")
print("gif_duration_cs=\(gif.duration)")
