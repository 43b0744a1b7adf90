import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzEffectExpression`: FuzzBodies.effectExpression on each input (`make fuzz`, Tests/Fuzz/README.md).
@_cdecl("FuzzEffectExpression_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, FuzzBodies.effectExpression)
}
