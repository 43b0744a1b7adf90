import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzPathData`: FuzzBodies.pathData on each input (`make fuzz`, Tests/Fuzz/README.md).
@_cdecl("FuzzPathData_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, FuzzBodies.pathData)
}
