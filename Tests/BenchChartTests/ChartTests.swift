import BenchChart
import SymbolGeometry
import SymbolRaster
import Testing

@Suite struct ChartTSVTests {
    @Test func readsRowsTargetsAndDirections() throws {
        let rows = try ChartRow.parseTSV("# group\tlabel\tvalue\n\nRaster\tours/skia\t0.87\t1\nBatch\tjobs 2/1\t1.62\t1.7\thigher\nMP4\tCPU\t1.2\t-\n")
        #expect(rows.count == 3)
        #expect(rows[0] == ChartRow(group: "Raster", label: "ours/skia", value: 0.87, target: 1))
        #expect(rows[0].meetsTarget == true)
        #expect(rows[1].higherIsBetter && rows[1].meetsTarget == false)
        #expect(rows[2].target == nil && rows[2].meetsTarget == nil)
    }

    @Test func badLinesNameTheLine() {
        #expect(throws: ChartError.self) { try ChartRow.parseTSV("a\tb\n") }
        do {
            _ = try ChartRow.parseTSV("a\tb\t1\nx\ty\tfast\n")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("line 2: value 'fast'"))
        }
        #expect(throws: ChartError.self) { try ChartRow.parseTSV("a\tb\t1\t1\tsideways\n") }
    }
}

@Suite struct ChartLayoutTests {
    let rows = [
        ChartRow(group: "A", label: "one", value: 1), ChartRow(group: "A", label: "half", value: 0.5),
        ChartRow(group: "B", label: "big", value: 9, target: 1.15),
    ]

    @Test func barsAreProportionalAndCutAtTheAxisEnd() {
        let l = ChartLayout(rows: rows)
        #expect(l.scaleMax == 4)
        guard case .bar(let one, let top) = l.lines[1], case .bar(let half, let top2) = l.lines[2],
              case .bar(let big, let top3) = l.lines[4] else {
            Issue.record("expected heading, bar, bar, heading, bar: \(l.lines)")
            return
        }
        let w1 = l.barRect(one, top: top).width, w2 = l.barRect(half, top: top2).width
        #expect(abs(w1 - 2 * w2) < 1e-9)
        #expect(abs(l.barRect(one, top: top).maxX - l.x(1)) < 1e-9)
        #expect(l.barRect(big, top: top3).maxX == l.axisRight)
        #expect(top2 - top == l.rowHeight)
        #expect(top3 + l.barHeight < l.plotBottom && l.plotBottom - top3 < l.rowHeight + 8)  // the last row ends the plot
    }

    @Test func smallValuesKeepAnAxisToTwo() {
        let l = ChartLayout(rows: [ChartRow(group: "A", label: "x", value: 0.3)])
        #expect(l.scaleMax == 2)
        #expect(l.gridValues == [0, 0.5, 1, 1.5, 2])
        if case .heading(let name, _) = l.lines[0] { #expect(name == "A") } else { Issue.record("no heading") }
    }

    @Test func rendersBarsInTheirColours() throws {
        let bitmap = try #require(ChartRenderer(rows: rows, title: "T").render())
        let l = ChartLayout(rows: rows)
        guard case .bar(let half, let top) = l.lines[2] else { Issue.record("no bar"); return }
        let mid = Int(top + l.barHeight / 2)
        let inside = bitmap.pixel(x: Int(l.x(half.value)) - 3, y: mid)
        let outside = bitmap.pixel(x: Int(l.x(half.value)) + 4, y: mid)
        #expect(inside.b > 200 && inside.r < 40)  // no target: blue
        #expect(outside.r == 255 && outside.g == 255 && outside.b == 255)
    }
}

@Suite struct StrokeFontTests {
    @Test func everyGlyphHasWholePointsInsideTheGrid() {
        for ch in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.,-+/*:%()=<>'_#?" {
            let strokes = StrokeFont.strokes(ch)
            #expect(!strokes.isEmpty, "\(ch)")
            for p in strokes.joined() { #expect(p.x >= 0 && p.x <= 8 && p.y >= 0 && p.y <= 14, "\(ch)") }
        }
        #expect(StrokeFont.strokes("a") == StrokeFont.strokes("A"))
    }

    @Test func textAdvancesAndSitsOnTheBaseline() throws {
        let path = StrokeFont.path("L1", at: Point(10, 50), size: 12)
        let ys = path.points.map(\.y), xs = path.points.map(\.x)
        #expect(ys.max() == 50 && ys.min() == 38)
        let right = try #require(xs.max())
        #expect(xs.min() == 10 && right > 10 + StrokeFont.advance)
        #expect(StrokeFont.width(of: "AB", size: 12) == 19)
    }
}
