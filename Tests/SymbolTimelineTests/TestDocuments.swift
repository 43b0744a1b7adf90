import SymbolGeometry
import SymbolScene
@testable import SymbolTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Test documents built directly from SymbolScene types: square layers in a 100 × 100 symbol
/// whose guide box is x 10…90, y 20…80 (centre (50, 50), 80 wide, 60 high).
enum TestDocuments {
    static let metrics = SymbolMetrics(baseline: 80, capline: 20, leftMargin: 10, rightMargin: 90,
                                       verticalOrigin: .guides, marginOrigin: .guides)

    /// One square layer per rectangle, in z-order, with optional annotations.
    static func make(_ squares: [(Rect, LayerAnnotations)], name: String = "test.svg") -> SymbolDocument {
        var shapes: [SymbolShape] = []
        var layers: [SymbolLayer] = []
        for (i, (r, a)) in squares.enumerated() {
            var b = PathBuilder()
            b.rect(r)
            shapes.append(SymbolShape(path: b.path, fill: Fill(paint: .solid(.black))))
            layers.append(SymbolLayer(index: i, name: "monochrome-\(i)", role: .monochrome, parts: [LayerPart(shape: i)], annotations: a))
        }
        return SymbolDocument(
            fileName: name, kind: .symbol, producer: .unknown, availableVariants: [.regularMedium],
            requestedVariant: .regularMedium, variantSource: .single, metrics: metrics, shapes: shapes,
            layers: [.monochrome: layers], defaults: [:],
            page: SVGPage(width: 100, height: 100, viewBox: Rect(x: 0, y: 0, width: 100, height: 100), root: SceneGroup()),
            diagnostics: [])
    }

    /// Three 20-unit squares in a row: centres (20, 50), (50, 50), (80, 50).
    static func three(_ annotate: (Int, inout LayerAnnotations) -> Void = { _, _ in }) -> SymbolDocument {
        make((0..<3).map { i in
            var a = LayerAnnotations()
            annotate(i, &a)
            return (Rect(x: 10 + 30 * Double(i), y: 40, width: 20, height: 20), a)
        })
    }

    /// Three variable layers with thresholds 0.6, 0.2, 0.4 (so threshold order is 1, 2, 0).
    static func variable() -> SymbolDocument {
        three { i, a in a.variableThreshold = [0.6, 0.2, 0.4][i] }
    }

    static func one() -> SymbolDocument { make([(Rect(x: 40, y: 40, width: 20, height: 20), LayerAnnotations())]) }
}

/// Helpers over poses.
extension Pose {
    var main: SymbolPose { symbols[0] }
}

extension Transform {
    /// Uniform scale of a similarity transform.
    var scaleFactor: Double { (a * a + b * b).squareRoot() }
    /// Rotation in degrees, clockwise.
    var degrees: Double { atan2(b, a) * 180 / .pi }
    func isClose(to o: Transform, _ tol: Double = 1e-6) -> Bool {
        abs(a - o.a) <= tol && abs(b - o.b) <= tol && abs(c - o.c) <= tol && abs(d - o.d) <= tol
            && abs(tx - o.tx) <= tol && abs(ty - o.ty) <= tol
    }
}

extension SymbolPose {
    /// Identity transforms and full opacity everywhere (within `tol`).
    func isAtRest(_ tol: Double = 1e-6) -> Bool {
        transform.isClose(to: .identity, tol) && abs(opacity - 1) <= tol && blur <= tol
            && layers.allSatisfy { $0.transform.isClose(to: .identity, tol) && abs($0.opacity - 1) <= tol && $0.blur <= tol }
    }
}

/// A timeline over `doc` with one event.
func timeline(_ event: TimelineEvent, _ doc: SymbolDocument = TestDocuments.three(), style: TimelineStyle = TimelineStyle(),
              documents more: [SymbolDocument] = []) throws -> Timeline {
    try Timeline(documents: [doc] + more, events: [event], style: style)
}

func approx(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }
