import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzCSS`: FuzzBodies.css on each input (`make fuzz`, Tests/Fuzz/README.md).
@_cdecl("FuzzCSS_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, FuzzBodies.css)
}
