import Testing
import SymbolGeometry
import SymbolScene
import SymbolRaster
import SymbolSVG
import SymbolTestSupport
@testable import SymbolRender

@Suite struct SmokeRenderTests {
    static let bellish = """
    <svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
    <style>.monochrome-2 {-sfsymbols-clear-behind:true}
    .hierarchical-1:secondary {-sfsymbols-variable-threshold:0.5}</style>
    <g id="Guides"><line id="Baseline-M" x1="0" x2="3000" y1="1126" y2="1126"/><line id="Capline-M" x1="0" x2="3000" y1="1055.541" y2="1055.541"/>
    <line id="left-margin-Regular-M" x1="1400" x2="1400" y1="1000" y2="1200"/><line id="right-margin-Regular-M" x1="1500" x2="1500" y1="1000" y2="1200"/></g>
    <g id="Symbols"><g id="Regular-M" transform="matrix(1 0 0 1 1400 1126)">
    <path class="monochrome-0 hierarchical-0:primary multicolor-0:systemBlueColor" d="M10 0 L90 0 L90 -70 L10 -70 Z"/>
    <path class="monochrome-1 hierarchical-1:secondary multicolor-1:systemRedColor" d="M30 10 C30 -20 70 -20 70 10 Z"/>
    <path class="monochrome-2 hierarchical-2:tertiary multicolor-2:tintColor" d="M40 -30 L60 -30 L60 -50 L40 -50 Z"/>
    </g></g></svg>
    """

    @Test func rendersEveryMode() throws {
        let doc = try SymbolReader.read(data: Array(SmokeRenderTests.bellish.utf8), fileName: "b.svg")
        let r = FrameRenderer()
        for mode in RenderingMode.allCases {
            let s = RenderSettings(width: 200, height: 200, background: .color(.white), mode: mode,
                                   colors: [Color(hex: "#0A84FF")!, Color(hex: "#FF9500")!], gradient: mode == .palette)
            let b = try #require(r.render(doc, settings: s))
            try PNGFile.write(PNGFile.image(from: b), to: "/tmp/smoke-\(mode.rawValue).png")
        }
    }
}
