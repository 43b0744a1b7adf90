import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzSVGReader`: FuzzBodies.svgReader on each input. `make fuzz`, Tests/Fuzz/README.md.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    FuzzBodies.svgReader(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzSVGReader_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
