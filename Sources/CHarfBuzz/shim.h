// HarfBuzz for Swift (SymbolText): shaping (hb.h), OpenType metrics, names and variation axes
// (hb-ot.h). Glyph outlines come through hb_font_get_glyph_shape and hb_draw_funcs (4.0 and later).
#ifndef SYMBOLREEL_CHARFBUZZ_SHIM_H
#define SYMBOLREEL_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
