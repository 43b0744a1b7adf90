import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzSVGReader`: FuzzBodies.svgReader on each input (`make fuzz`, Tests/Fuzz/README.md).
@_cdecl("FuzzSVGReader_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, FuzzBodies.svgReader)
}
