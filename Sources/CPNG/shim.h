// libpng for Swift. setjmp-based error handling cannot cross into Swift; encoders install
// error callbacks in C-compatible form instead.
#ifndef SYMBOLREEL_CPNG_SHIM_H
#define SYMBOLREEL_CPNG_SHIM_H
#include <png.h>
#endif
