// giflib for Swift.
#ifndef SYMBOLREEL_CGIF_SHIM_H
#define SYMBOLREEL_CGIF_SHIM_H
#include <gif_lib.h>
#endif
