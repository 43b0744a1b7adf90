#if canImport(Glibc)
import Glibc
#endif

/// glibc's malloc told to keep large freed blocks for reuse instead of handing them back to the
/// kernel.
///
/// libwebp allocates and frees its working buffers (several MB at 1080²) for every frame it
/// compresses, and by default glibc serves such blocks with `mmap` and returns them with
/// `munmap` (or trims the heap), so every frame faults its buffers in again, page by page. On
/// the 1080² download-button WebP export that was 549 000 minor page faults and 1.34 s of
/// kernel time against 3.3 s in user space; with blocks up to 32 MB kept in the heap and up to
/// 64 MB of free heap kept before trimming: 31 000 faults, 0.11 s, the peak resident size 16 MB
/// higher (165 MB), the file byte-identical.
///
/// It is a setting of the whole process, so only the command makes it (as `HugePages`).
enum MallocTuning {
    static func keepLargeBlocks() {
        #if os(Linux)
        // <malloc.h> is not in Swift's Glibc module: look the function up (int mallopt(int,
        // int), not variadic). Best effort: another C library leaves everything as it was.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let M_TRIM_THRESHOLD: Int32 = -1, M_MMAP_THRESHOLD: Int32 = -3
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
        #endif
    }
}
