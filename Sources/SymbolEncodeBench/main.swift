// Encodes the benchmark clip with our encoders and writes the same frames raw for the ffmpeg
// program, so bench/encode.sh can compare both on identical input in the same run.
//
//     SymbolEncodeBench OUT_DIR SIDE two|multi [RUNS]
//
// Writes OUT_DIR/source.rgba (60 fps, RGBA, opaque), ours.mp4, ours.gif (30 fps), ours.apng,
// and prints `key=value` lines: encode times in seconds (frames already in memory; the best
// of RUNS runs, default 1), sizes, and whether the GIF decodes to exactly the source frames.
import Foundation
import SymbolEncode
import SymbolEncodeGIF
import SymbolEncodeMP4
import SymbolEncodePNG
import SymbolRaster
import SymbolTestSupport

let arguments = CommandLine.arguments
guard (4...5).contains(arguments.count), let side = Int(arguments[2]), ["two", "multi"].contains(arguments[3]),
    let runs = arguments.count == 5 ? Int(arguments[4]) : 1, runs >= 1
else {
    FileHandle.standardError.write("usage: SymbolEncodeBench OUT_DIR SIDE two|multi [RUNS]\n".data(using: .utf8)!)
    exit(2)
}
let out = arguments[1]
let background = SyntheticFrames.RGB(242, 242, 247)
let palette: SyntheticFrames.Palette = arguments[3] == "two" ? .twoColour(.init(0, 122, 255)) : .multiColour
let source = SyntheticFrames(width: side, height: side, fps: 60, palette: palette, background: background)
let frameCount = 180  // a 3 s bounce at 60 fps
let frames = (0..<frameCount).map(source.frame)

// Raw frames for ffmpeg: premultiplied over an opaque background is plain RGBA.
_ = FileManager.default.createFile(atPath: out + "/source.rgba", contents: nil)
let raw = FileHandle(forWritingAtPath: out + "/source.rgba")!
for frame in frames { raw.write(Data(frame.pixels)) }
try raw.close()

let bg = RGBColor(r: background.r, g: background.g, b: background.b)
let stream = StreamFormat(width: side, height: side, timing: FrameTiming(framesPerSecond: 60)!, background: bg)

func timed(_ name: String, _ make: () -> any FrameEncoder) throws {
    var best = Double.infinity
    var summary: EncodeSummary?
    for _ in 0..<runs {
        let encoder = make()
        let start = DispatchTime.now().uptimeNanoseconds
        try encoder.begin(stream)
        for (i, frame) in frames.enumerated() { try encoder.encode(frame, at: i) }
        summary = try encoder.finish()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    guard let summary else { return }
    print("\(name)_time=\(String(format: "%.3f", best))")
    print("\(name)_bytes=\(summary.byteCount)")
    print("\(name)_frames=\(summary.frameCount)")
}

do {
    try timed("mp4") { VideoEncoder(path: out + "/ours.mp4", codec: .h264(H264Options(crf: 18, preset: .medium))) }
    try timed("gif") { GIFEncoder(path: out + "/ours.gif", options: GIFOptions(frameRate: FrameTiming(framesPerSecond: 30))) }
    try timed("apng") { APNGEncoder(path: out + "/ours.apng") }
} catch {
    FileHandle.standardError.write("\(error)\n".data(using: .utf8)!)
    exit(1)
}

// Lossless check of our GIF: every frame against the source frame shown at its time.
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
