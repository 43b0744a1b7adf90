// libFuzzer's driver, for our fuzz executables. SwiftPM links an executable with its `main`
// aliased to `<Target>_main`, so each target defines that symbol and calls `runFuzzer` with its
// body (Tests/Fuzz/FuzzBodies); `runFuzzer` hands libFuzzer's loop (`LLVMFuzzerRunDriver`, its
// entry for programs with their own main) the one input callback defined here.

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The body being fuzzed. libFuzzer calls the target from one thread only.
nonisolated(unsafe) private var body: ([UInt8]) -> Void = { _ in }

/// libFuzzer's input callback (its runtime also links against this name).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    body(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Runs libFuzzer on `target` with the program's arguments (the usual libFuzzer flags).
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ target: @escaping ([UInt8]) -> Void) -> CInt {
    body = target
    var count = argc
    var values = argv
    return LLVMFuzzerRunDriver(&count, &values, fuzzTestOneInput)
}
