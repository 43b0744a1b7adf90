import CHarfBuzz
import SymbolGeometry

/// A glyph's outline in font units (y up, as the font has it) and its exact bounds, read once
/// per glyph and font through `hb_font_get_glyph_shape` into our own `Path`.
struct GlyphOutline: Sendable {
    var path: Path
    var bounds: Rect

    /// Reads `glyph` of `font`. A glyph with no outline (a space, or an index past the font's
    /// glyphs) is an empty path with null bounds.
    static func read(_ glyph: UInt32, of font: OpaquePointer) -> GlyphOutline {
        let sink = OutlineSink()
        withExtendedLifetime(sink) {
            hb_font_get_glyph_shape(font, glyph, drawFunctions, Unmanaged.passUnretained(sink).toOpaque())
        }
        let path = sink.path.isFinite ? sink.path : Path()
        return GlyphOutline(path: path, bounds: path.bounds)
    }
}

/// Where HarfBuzz's draw callbacks append, through the `draw_data` pointer.
private final class OutlineSink {
    var path = Path()

    static func from(_ data: UnsafeMutableRawPointer?) -> OutlineSink? {
        guard let data else { return nil }
        return Unmanaged<OutlineSink>.fromOpaque(data).takeUnretainedValue()
    }
}

private func point(_ x: Float, _ y: Float) -> Point { Point(Double(x), Double(y)) }

/// One set of callbacks for every outline, made immutable so threads may share it.
/// `nonisolated(unsafe)`: an immutable `hb_draw_funcs_t` is safe to use from any thread.
private nonisolated(unsafe) let drawFunctions: OpaquePointer? = {
    let funcs = hb_draw_funcs_create()
    hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
        OutlineSink.from(data)?.path.appendMove(point(x, y))
    }, nil, nil)
    hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
        OutlineSink.from(data)?.path.appendLine(point(x, y))
    }, nil, nil)
    hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
        OutlineSink.from(data)?.path.appendQuad(point(cx, cy), point(x, y))
    }, nil, nil)
    hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
        OutlineSink.from(data)?.path.appendCubic(point(c1x, c1y), point(c2x, c2y), point(x, y))
    }, nil, nil)
    hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
        OutlineSink.from(data)?.path.appendClose()
    }, nil, nil)
    hb_draw_funcs_make_immutable(funcs)
    return funcs
}()
