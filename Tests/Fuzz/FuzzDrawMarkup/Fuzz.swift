import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzDrawMarkup`: FuzzBodies.drawMarkup on each input (`make fuzz`, Tests/Fuzz/README.md).
@_cdecl("FuzzDrawMarkup_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, FuzzBodies.drawMarkup)
}
