// zlib for Swift (the dotLottie container's deflate). zlib is already on every machine that
// builds us: libpng links it.
#ifndef SYMBOLREEL_CZLIB_SHIM_H
#define SYMBOLREEL_CZLIB_SHIM_H
#include <zlib.h>

/// Raw deflate (no zlib header: what a zip entry holds) of `count` bytes at `level` into `out`,
/// which holds `capacity` bytes (at least `deflateBound`'s). Returns the compressed size, or -1.
static inline long symbolreel_deflate_raw(const unsigned char *bytes, unsigned long count, int level,
                                          unsigned char *out, unsigned long capacity) {
    z_stream s = {0};
    if (deflateInit2(&s, level, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    s.next_in = (Bytef *)bytes;
    s.avail_in = (uInt)count;
    s.next_out = out;
    s.avail_out = (uInt)capacity;
    int r = deflate(&s, Z_FINISH);
    long written = (long)s.total_out;
    deflateEnd(&s);
    return r == Z_STREAM_END ? written : -1;
}

/// An upper bound of the raw deflate of `count` bytes.
static inline unsigned long symbolreel_deflate_bound(unsigned long count) {
    z_stream s = {0};
    if (deflateInit2(&s, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK) return count + count / 1000 + 64;
    unsigned long bound = deflateBound(&s, count);
    deflateEnd(&s);
    return bound;
}
#endif
