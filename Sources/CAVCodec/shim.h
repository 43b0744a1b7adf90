// libavcodec, libavformat, libavutil and libswscale for Swift.
// Function-like macros (AVERROR, av_err2str) do not import; encoders define what they need.
#ifndef SYMBOLREEL_CAVCODEC_SHIM_H
#define SYMBOLREEL_CAVCODEC_SHIM_H
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

static inline int symbolreel_averror(int e) { return AVERROR(e); }
static inline int symbolreel_averror_eof(void) { return AVERROR_EOF; }
#endif
