import Testing
import SymbolGeometry
import SymbolScene
@testable import SymbolSVG

/// Variant choice, interpolation, scale derivation and metrics with their fallbacks.
@Suite struct VariantTests {
    private let masters = [
        TestSVG.Variant(id: "Ultralight-S", x: 520, y: 696, paths: TestSVG.squares(10), margins: (0, 30)),
        TestSVG.Variant(id: "Regular-S", x: 1410, y: 696, paths: TestSVG.squares(20), margins: (0, 50)),
        TestSVG.Variant(id: "Black-S", x: 2790, y: 696, paths: TestSVG.squares(30), margins: (0, 70)),
    ]

    @Test func exactVariantInVariantSpace() throws {
        let doc = try TestSVG.read(TestSVG.template(masters), weight: .regular, scale: .small)
        #expect(doc.variantSource == .exact(VariantKey(.regular, .small)))
        #expect(doc.shapes[0].path.bounds.isClose(to: Rect(minX: 0, minY: -20, maxX: 20, maxY: 0)))
        #expect(abs(doc.metrics.baseline) < 1e-9)
        #expect(abs(doc.metrics.capline + 70.459) < 1e-9)
        #expect(doc.metrics.leftMargin == 0 && doc.metrics.rightMargin == 50)
        #expect(doc.metrics.marginOrigin == .guides)
        #expect(doc.availableVariants.map(\.description) == ["Ultralight-S", "Regular-S", "Black-S"])
    }

    @Test func semiboldInterpolatesRegularAndBlack() throws {
        let doc = try TestSVG.read(TestSVG.template(masters), weight: .semibold, scale: .small)
        // semibold is axis 5: (5 − 3) / (8 − 3) = 0.4 of the way from Regular (20) to Black (30).
        guard case .interpolated(let lo, let hi, let t) = doc.variantSource else {
            Issue.record("expected interpolation, got \(doc.variantSource)"); return
        }
        #expect(lo == VariantKey(.regular, .small) && hi == VariantKey(.black, .small))
        #expect(abs(t - 0.4) < 1e-12)
        #expect(doc.shapes[0].path.bounds.isClose(to: Rect(minX: 0, minY: -24, maxX: 24, maxY: 0), 1e-9))
        #expect(abs(doc.metrics.rightMargin - 58) < 1e-9)
        #expect(doc.metrics.marginOrigin == .interpolated)
    }

    @Test func thinInterpolatesUltralightAndRegular() throws {
        let doc = try TestSVG.read(TestSVG.template(masters), weight: .thin, scale: .small)
        // thin is axis 1: 1/3 from Ultralight (10) to Regular (20).
        #expect(abs(doc.shapes[0].path.bounds.width - (10 + 10.0 / 3)) < 1e-9)
    }

    @Test func mediumScaleDerivedFromSmall() throws {
        let doc = try TestSVG.read(TestSVG.template(masters), weight: .regular, scale: .medium)
        guard case .scaled(let from, let factor) = doc.variantSource else {
            Issue.record("expected a scaled variant, got \(doc.variantSource)"); return
        }
        #expect(from == VariantKey(.regular, .small))
        #expect(abs(factor - 1 / 0.783) < 1e-12)
        #expect(abs(doc.shapes[0].path.bounds.width - 20 / 0.783) < 1e-9)
        // Scaled about the centre of the guide box: the margins stay centred on it.
        #expect(abs((doc.metrics.leftMargin + doc.metrics.rightMargin) / 2 - 25) < 1e-9)
    }

    @Test func incompatibleMastersFallBackToNearest() throws {
        var vs = masters
        vs[2].paths = [("M0 0 L30 0 L30 -30 Z", "monochrome-0"), ("M35 0 L60 0 L60 -30 L35 -30 Z", "monochrome-1")]
        let doc = try TestSVG.read(TestSVG.template(vs), weight: .bold, scale: .small)
        #expect(doc.variantSource == .nearest(VariantKey(.black, .small)))
        #expect(doc.diagnostics.contains { $0.code == "incompatible-masters" })
    }

    @Test func regularOnlyFilesUseNearestWeight() throws {
        let vs = [("Regular-S", 696.0), ("Regular-M", 1126.0), ("Regular-L", 1556.0)].map {
            TestSVG.Variant(id: $0.0, x: 1410, y: $0.1, paths: TestSVG.squares(20), margins: (0, 50))
        }
        let doc = try TestSVG.read(TestSVG.template(vs), weight: .bold, scale: .large)
        #expect(doc.variantSource == .nearest(VariantKey(.regular, .large)))
    }

    @Test func all27VariantsPickExact() throws {
        var vs: [TestSVG.Variant] = []
        for (si, scale) in SymbolScale.allCases.enumerated() {
            for (wi, w) in SymbolWeight.allCases.enumerated() {
                vs.append(TestSVG.Variant(id: VariantKey(w, scale).description, x: 500 + Double(wi) * 290,
                                          y: 696 + Double(si) * 430, paths: TestSVG.squares(Double(10 + wi))))
            }
        }
        let doc = try TestSVG.read(TestSVG.template(vs), weight: .heavy, scale: .large)
        #expect(doc.availableVariants.count == 27)
        #expect(doc.variantSource == .exact(VariantKey(.heavy, .large)))
        #expect(abs(doc.shapes[0].path.bounds.width - 17) < 1e-9)
        #expect(abs(doc.metrics.baseline) < 1e-9)
    }

    @Test func marginFallbackToRegularMedium() throws {
        var vs = [TestSVG.Variant(id: "Bold-M", x: 100, y: 1126, paths: TestSVG.squares(20), margins: nil),
                  TestSVG.Variant(id: "Regular-M", x: 400, y: 1126, paths: TestSVG.squares(20), margins: (-2, 44))]
        var doc = try TestSVG.read(TestSVG.template(vs), weight: .bold, scale: .medium)
        #expect(doc.metrics.marginOrigin == .regularMedium)
        #expect(doc.metrics.leftMargin == -2 && doc.metrics.rightMargin == 44)
        vs[1].margins = nil
        doc = try TestSVG.read(TestSVG.template(vs), weight: .bold, scale: .medium)
        #expect(doc.metrics.marginOrigin == .bounds)
        #expect(doc.metrics.leftMargin == 0 && doc.metrics.rightMargin == 45)
    }

    @Test func nestedTransformsComposeIntoVariantSpace() throws {
        // The variant sits inside groups with matrix (commas), translate and a non-uniform scale;
        // guides live in the same transformed space, so variant space is unchanged.
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">
          <g transform="matrix(1,0,0,1,10,20) scale(2 1.5)">
            <g transform="translate(5, 5)">
              <line id="Baseline-M" x1="0" x2="100" y1="80" y2="80"/>
              <path id="Capline-M" d="M0 10 H100"/>
              <rect id="left-margin-Regular-M" x="9.9" y="0" width="0.2" height="100"/>
              <line id="right-margin-Regular-M" x1="60" x2="60" y1="0" y2="100"/>
              <g id="Regular-M" transform="translate(10 80)"><path d="M0 0 L40 0 L40 -70 Z"/></g>
            </g>
          </g>
        </svg>
        """
        let doc = try TestSVG.read(svg)
        #expect(doc.shapes[0].path.bounds.isClose(to: Rect(minX: 0, minY: -70, maxX: 40, maxY: 0), 1e-9))
        #expect(abs(doc.metrics.baseline) < 1e-9 && abs(doc.metrics.capline + 70) < 1e-9)
        #expect(abs(doc.metrics.leftMargin) < 1e-9 && abs(doc.metrics.rightMargin - 50) < 1e-9)
    }

    @Test func rotatedAndSkewedAncestorsStillMapGuides() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 500">
          <g transform="rotate(30 100 100) skewX(10)">
            <line id="Baseline-S" x1="0" x2="100" y1="50" y2="50"/>
            <line id="Capline-S" x1="0" x2="100" y1="20" y2="20"/>
            <g id="Regular-S" transform="translate(10 50)"><path d="M0 0 L10 0 L10 -30 Z"/></g>
          </g>
        </svg>
        """
        let doc = try TestSVG.read(svg, scale: .small)
        #expect(abs(doc.metrics.baseline) < 1e-9)
        #expect(abs(doc.metrics.capline + 30) < 1e-9)
        #expect(doc.shapes[0].path.bounds.isClose(to: Rect(minX: 0, minY: -30, maxX: 10, maxY: 0), 1e-9))
    }

    @Test func singleVariantFile() throws {
        let doc = try TestSVG.read(TestSVG.template([TestSVG.Variant(id: "Regular-M", x: 1410, y: 1126, paths: TestSVG.squares(20))]),
                                   weight: .black, scale: .small)
        // Only Regular-M: small is derived from medium, black is the nearest weight there.
        guard case .scaled(let from, let f) = doc.variantSource else { Issue.record("\(doc.variantSource)"); return }
        #expect(from == VariantKey(.regular, .medium))
        #expect(abs(f - 0.783) < 1e-12)
    }
}
