import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzLayerTree`: FuzzBodies.layerTree on each input (`make fuzz`, Tests/Fuzz/README.md).
@_cdecl("FuzzLayerTree_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, FuzzBodies.layerTree)
}
