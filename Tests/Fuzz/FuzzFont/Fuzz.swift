import FuzzBodies
import FuzzSupport

// libFuzzer target `FuzzFont`: FuzzBodies.font on each input (`make fuzz`, Tests/Fuzz/README.md).
// fontconfig is loaded before the first input: its configuration parser (libfontconfig 2.14.1,
// FcInitLoadConfigAndFonts) leaks 288 bytes once, which libFuzzer's leak check would otherwise
// pin on whichever input happened to load it.
@_cdecl("FuzzFont_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBodies.loadFontconfig()
    return runFuzzer(argc, argv, FuzzBodies.font)
}
