#if canImport(Glibc)
import Glibc
#endif

/// Transparent huge pages, turned off for the command's own process.
///
/// x264 asks the kernel to back each of its buffers over 1.75 MB with 2 MB pages. Most are
/// frames it fills entirely, but some are bitstream and scratch buffers (2.6 to 3.9 MB at
/// 1080², two per frame thread and two more) of which an export touches a few kilobytes, and
/// each of those then holds a whole 2 MB page. Without huge pages the 1080² MP4 export of the
/// benchmark peaks about 14 MB lower on two cores (six such buffers), for 6–7 % more CPU time
/// (x264's frames miss the TLB more often).
///
/// It is a setting of the whole process, so only the command makes it: the library leaves an
/// application's process as it found it.
enum HugePages {
    /// `prctl(PR_SET_THP_DISABLE, 1)`: no huge pages for this process from now on, inherited by
    /// its children. Best effort: a kernel without the option leaves everything as it was.
    static func decline() {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        // prctl is variadic, which Swift cannot call. Its arguments are five machine words,
        // which x86-64 and AArch64 Linux pass in the same registers whether the call is
        // variadic or not, so it is called through a fixed-argument pointer there (and not
        // made elsewhere).
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
        let PR_SET_THP_DISABLE: Int32 = 41
        _ = unsafeBitCast(symbol, to: Prctl.self)(PR_SET_THP_DISABLE, 1, 0, 0, 0)
        #endif
    }
}
