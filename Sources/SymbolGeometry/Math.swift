// Geometry is a leaf: the C math library only, no Foundation. Imported here for this module's
// own use; every module that calls the C library imports it itself (nothing re-exports it).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
