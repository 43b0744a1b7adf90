import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzFont`: FuzzBodies.font on each input (`make fuzz`, Tests/Fuzz/README.md).
@_cdecl("FuzzFont_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, FuzzBodies.font)
}
