// libFuzzer's driver, for our fuzz executables. SwiftPM links an executable with its `main`
// aliased to `<Target>_main`, so each target defines that symbol and hands its input callback
// to `LLVMFuzzerRunDriver` (libFuzzer's entry for programs with their own main), which parses
// the usual libFuzzer flags and runs the fuzzing loop.

/// The signature of `LLVMFuzzerTestOneInput`.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: FuzzCallback) -> CInt

/// Runs libFuzzer on `callback` with the program's arguments.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ callback: FuzzCallback) -> CInt {
    var count = argc
    var values = argv
    return LLVMFuzzerRunDriver(&count, &values, callback)
}
