// Colour under invisible pixels for 4:2:0 video with alpha (VP9 in WebM). Chroma is stored once
// per 2×2 pixels, so a symbol edge next to invisible black is coded as a hard colour edge in all
// three planes, and its anti-aliased pixels share chroma with black. Giving every invisible
// pixel one colour for the whole clip, the mean visible colour of the first frame that has any,
// makes the colour planes of a one-colour symbol nearly flat: the edge is then coded in the
// alpha plane. One constant colour matters: filling each row from its nearest visible pixel
// made streaks that move with the symbol, and the file 3.3× larger. Measured on the 4.2 s
// download-button clip (1080², transparent, VP9 CRF 32): docs/presets.md, "WebM".
//
// Alpha is untouched, so what a player shows is the same; only invisible colour changes.

/// Gives every pixel of alpha 0 among `count` straight RGBA pixels the RGB of `fill` (alpha
/// stays 0).
package func fillInvisibleRow(_ row: UnsafeMutablePointer<UInt32>, count: Int, fill: UInt32) {
    let colour = fill & 0x00FF_FFFF
    for x in 0..<count where row[x] & 0xFF00_0000 == 0 { row[x] = colour }
}

/// The alpha-weighted mean colour of a premultiplied picture, sampled every `step` pixels and
/// rows, as straight RGBA with alpha 0; nil when no sampled pixel is visible.
package func meanVisibleColour(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int, step: Int = 4) -> UInt32? {
    var r = 0, g = 0, b = 0, a = 0
    for y in stride(from: 0, to: height, by: step) {
        let p = pixels + y * bytesPerRow
        for x in stride(from: 0, to: width, by: step) {
            r += Int(p[4 * x]); g += Int(p[4 * x + 1]); b += Int(p[4 * x + 2]); a += Int(p[4 * x + 3])
        }
    }
    guard a > 0 else { return nil }
    func channel(_ c: Int) -> UInt32 { UInt32(min(255, (c * 255 + a / 2) / a)) }
    return channel(r) | channel(g) << 8 | channel(b) << 16
}
