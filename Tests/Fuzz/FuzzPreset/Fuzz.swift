import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzPreset`: FuzzBodies.preset on each input (`make fuzz`, Tests/Fuzz/README.md).
@_cdecl("FuzzPreset_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, FuzzBodies.preset)
}
