// Encodes the benchmark clip with our encoders and writes the same frames raw for the ffmpeg
// program, so bench/encode.sh can compare both on identical input in the same run.
//
//     SymbolEncodeBench OUT_DIR SIDE two|multi [RUNS [FORMATS]]
//
// Writes OUT_DIR/source.rgba (60 fps, RGBA, opaque; kept if it is already there), ours.mp4,
// ours.gif (30 fps), ours.apng, and prints `key=value` lines: encode times in seconds (frames
// already in memory; the best of RUNS runs, default 1), sizes, and whether the GIF decodes to
// exactly the source frames. FORMATS is a comma-separated subset of mp4,gif,apng (default all
// three); `none` only writes source.rgba. Encoders are driven as the pipeline drives them
// (`EncoderDriver`: APNG compresses and GIF LZW-codes frames on other threads while the next is
// staged); both are also timed on one thread (`apng_serial_*`, `gif_serial_*`, plain `encode`
// calls), and the files must match.
import Foundation
import SymbolEncode
import SymbolEncodeGIF
import SymbolEncodeMP4
import SymbolEncodePNG
import SymbolPipeline
import SymbolRaster
import SymbolTestSupport

let arguments = CommandLine.arguments
let formats = Set((arguments.count == 6 ? arguments[5] : "mp4,gif,apng").split(separator: ",").map(String.init))
guard (4...6).contains(arguments.count), let side = Int(arguments[2]), ["two", "multi"].contains(arguments[3]),
    let runs = arguments.count >= 5 ? Int(arguments[4]) : 1, runs >= 1,
    formats.isSubset(of: ["mp4", "gif", "apng", "none"])
else {
    FileHandle.standardError.write("usage: SymbolEncodeBench OUT_DIR SIDE two|multi [RUNS [mp4,gif,apng|none]]\n".data(using: .utf8)!)
    exit(2)
}
let out = arguments[1]
let background = SyntheticFrames.RGB(242, 242, 247)
let palette: SyntheticFrames.Palette = arguments[3] == "two" ? .twoColour(.init(0, 122, 255)) : .multiColour
let source = SyntheticFrames(width: side, height: side, fps: 60, palette: palette, background: background)
let frameCount = 180  // a 3 s bounce at 60 fps
let frames = (0..<frameCount).map(source.frame)

// Raw frames for ffmpeg: premultiplied over an opaque background is plain RGBA.
if !FileManager.default.fileExists(atPath: out + "/source.rgba") {
    _ = FileManager.default.createFile(atPath: out + "/source.rgba", contents: nil)
    let raw = FileHandle(forWritingAtPath: out + "/source.rgba")!
    for frame in frames { raw.write(Data(frame.pixels)) }
    try raw.close()
}

let bg = RGBColor(r: background.r, g: background.g, b: background.b)
let stream = StreamFormat(width: side, height: side, timing: FrameTiming(framesPerSecond: 60)!, background: bg)

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
        let options = GIFOptions(frameRate: FrameTiming(framesPerSecond: 30))
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
