// libavcodec, libavformat, libavutil and libswscale for Swift.
// Function-like macros (AVERROR, av_err2str) do not import; encoders define what they need.
#ifndef SYMBOLREEL_CAVCODEC_SHIM_H
#define SYMBOLREEL_CAVCODEC_SHIM_H
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

static inline int symbolreel_averror(int e) { return AVERROR(e); }
static inline int symbolreel_averror_eof(void) { return AVERROR_EOF; }

/// Converts rows `y ..< y + height` of a packed picture (RGBA and the like: a single plane) into
/// `frame`'s planes; `pixels` points at row `y`. Bands go top to bottom, as libswscale needs.
static inline int symbolreel_sws_scale_packed_band_to_frame(struct SwsContext *sws, const uint8_t *pixels,
                                                            int stride, int y, int height, AVFrame *frame) {
    const uint8_t *const source[4] = { pixels, NULL, NULL, NULL };
    const int sourceStride[4] = { stride, 0, 0, 0 };
    return sws_scale(sws, source, sourceStride, y, height, frame->data, frame->linesize);
}

/// Converts `frame`'s planes into one packed picture.
static inline int symbolreel_sws_scale_frame_to_packed(struct SwsContext *sws, const AVFrame *frame,
                                                       uint8_t *pixels, int stride) {
    uint8_t *const target[4] = { pixels, NULL, NULL, NULL };
    const int targetStride[4] = { stride, 0, 0, 0 };
    return sws_scale(sws, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, target,
                     targetStride);
}
#endif
