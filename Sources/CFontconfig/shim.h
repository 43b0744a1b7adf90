// fontconfig for Swift (SymbolText): a family's best match, and fallback fonts by the characters
// they cover.
#ifndef SYMBOLREEL_CFONTCONFIG_SHIM_H
#define SYMBOLREEL_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
