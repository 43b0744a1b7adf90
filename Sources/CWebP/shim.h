// libwebp for Swift: the animation encoder (libwebpmux) and, for tests, the animation decoder
// (libwebpdemux). The *Init functions are static inline wrappers around ABI-checked *Internal
// calls, which Swift imports as they are.
#ifndef SYMBOLREEL_CWEBP_SHIM_H
#define SYMBOLREEL_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
#endif
