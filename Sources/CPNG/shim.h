// libpng for Swift. setjmp-based error handling cannot cross into Swift, so the setjmp and the
// libpng calls that may longjmp live together in the C helper below; Swift sees only a return
// code and a message.
#ifndef SYMBOLREEL_CPNG_SHIM_H
#define SYMBOLREEL_CPNG_SHIM_H
#include <png.h>
#include <setjmp.h>
#include <string.h>

/// Receives compressed PNG bytes; returns 0 to go on, non-zero to stop with an error.
typedef int (*symbolreel_png_sink)(void *context, const unsigned char *bytes, size_t count);

typedef struct {
    symbolreel_png_sink sink;
    void *context;
    int sinkFailed;
    char message[200];
} symbolreel_png_state;

static inline void symbolreel_png_error(png_structp png, png_const_charp message) {
    symbolreel_png_state *state = (symbolreel_png_state *)png_get_error_ptr(png);
    strncpy(state->message, message ? message : "libpng error", sizeof state->message - 1);
    state->message[sizeof state->message - 1] = 0;
    png_longjmp(png, 1);
}

static inline void symbolreel_png_warning(png_structp png, png_const_charp message) {
    (void)png; (void)message;  // warnings are not errors; the library never prints
}

static inline void symbolreel_png_write(png_structp png, png_bytep data, size_t count) {
    symbolreel_png_state *state = (symbolreel_png_state *)png_get_io_ptr(png);
    if (state->sinkFailed) return;
    if (state->sink(state->context, data, count) != 0) {
        state->sinkFailed = 1;
        png_error(png, "the output could not be written");
    }
}

static inline void symbolreel_png_flush(png_structp png) { (void)png; }

/// Writes a complete 8-bit PNG (signature, IHDR, optional sRGB, IDAT, IEND) of `height` rows
/// from `pixels` (`stride` bytes apart) to `sink`. `colorType` is PNG_COLOR_TYPE_GRAY (1 byte a
/// pixel, also used for palette indices), _RGB or _RGB_ALPHA. `level` is zlib's 0…9 and
/// `strategy` a zlib strategy (Z_DEFAULT_STRATEGY 0, Z_RLE 3); `filters` a PNG_FILTER_* mask
/// (0: libpng's default). Returns 0, or -1 with `message` filled.
static inline int symbolreel_png_encode(const unsigned char *pixels, unsigned width, unsigned height,
                                        size_t stride, int colorType, int level, int strategy, int filters,
                                        int windowBits, int memLevel, int srgb, symbolreel_png_sink sink, void *context,
                                        char *message, size_t messageSize) {
    symbolreel_png_state state;
    memset(&state, 0, sizeof state);
    state.sink = sink;
    state.context = context;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, symbolreel_png_error,
                                              symbolreel_png_warning);
    if (!png) { strncpy(message, "out of memory", messageSize); return -1; }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        if (message && messageSize) {
            strncpy(message, info ? state.message : "out of memory", messageSize - 1);
            message[messageSize - 1] = 0;
        }
        png_destroy_write_struct(&png, info ? &info : NULL);
        return -1;
    }
    png_set_write_fn(png, &state, symbolreel_png_write, symbolreel_png_flush);
    png_set_IHDR(png, info, width, height, 8, colorType, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (srgb) png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    if (windowBits) png_set_compression_window_bits(png, windowBits);
    if (memLevel) png_set_compression_mem_level(png, memLevel);
    png_set_compression_buffer_size(png, 1 << 17);
    if (filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    for (unsigned y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

typedef struct {
    const unsigned char *bytes;
    size_t count;
    size_t offset;
} symbolreel_png_source;

static inline void symbolreel_png_read(png_structp png, png_bytep out, size_t count) {
    symbolreel_png_source *source = (symbolreel_png_source *)png_get_io_ptr(png);
    if (source->offset + count > source->count) png_error(png, "the PNG data ends early");
    memcpy(out, source->bytes + source->offset, count);
    source->offset += count;
}

/// Decodes an 8-bit PNG of exactly `width` × `height` held in memory into rows `stride` bytes
/// apart, untransformed (one byte a pixel for gray or palette data). Returns 0, or -1 with
/// `message` filled.
static inline int symbolreel_png_decode(const unsigned char *bytes, size_t count, unsigned char *out,
                                        size_t stride, unsigned width, unsigned height,
                                        char *message, size_t messageSize) {
    symbolreel_png_state state;
    memset(&state, 0, sizeof state);
    symbolreel_png_source source = { bytes, count, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, symbolreel_png_error,
                                             symbolreel_png_warning);
    if (!png) { strncpy(message, "out of memory", messageSize); return -1; }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        if (message && messageSize) {
            strncpy(message, info ? state.message : "out of memory", messageSize - 1);
            message[messageSize - 1] = 0;
        }
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return -1;
    }
    png_set_read_fn(png, &source, symbolreel_png_read);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height ||
        png_get_rowbytes(png, info) > stride) {
        png_error(png, "unexpected image size");
    }
    for (unsigned y = 0; y < height; y++) png_read_row(png, out + (size_t)y * stride, NULL);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
#endif
