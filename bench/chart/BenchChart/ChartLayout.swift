import SymbolGeometry

/// Where everything of the chart goes, in pixels (y down): a title, then per group a heading
/// and one horizontal bar per row, all on one value axis from 0 to `scaleMax` with a
/// reference line at 1.0. Pure geometry, so it can be tested without pixels.
package struct ChartLayout {
    /// One line of the chart: a group heading or a bar.
    package enum Line: Equatable {
        case heading(String, baseline: Double)
        case bar(ChartRow, top: Double)
    }

    package let width: Double
    package let labelSize = 11.0
    package let headingSize = 13.0
    package let barHeight = 12.0
    package let rowHeight = 20.0
    package let headingHeight = 30.0
    package let top = 44.0
    /// The left and right ends of the value axis.
    package let axisLeft: Double, axisRight: Double
    /// The value at the right end of the axis: at least 2, past every target and value up to
    /// 4 (longer bars are cut at the axis end and their number says how long they are).
    package let scaleMax: Double
    package private(set) var lines: [Line] = []
    /// Where the bars end and the axis labels start.
    package private(set) var plotBottom: Double = 0

    package init(rows: [ChartRow], width: Double = 1000) {
        self.width = width
        let longestLabel = rows.map { StrokeFont.width(of: $0.label, size: 11) }.max() ?? 0
        axisLeft = min(max(longestLabel + 44, 200), width / 2)
        axisRight = width - 80
        let largest = rows.flatMap { [$0.value, $0.target ?? 0] }.max() ?? 1
        // Round the axis end up to a half so the grid lines fall on 0.5 steps.
        scaleMax = (min(max(largest * 1.05, 2), 4) * 2).rounded(.up) / 2
        var y = top
        var group: String?
        for row in rows {
            if row.group != group {
                group = row.group
                y += headingHeight
                lines.append(.heading(row.group, baseline: y - 9))
            }
            lines.append(.bar(row, top: y + (rowHeight - barHeight) / 2))
            y += rowHeight
        }
        plotBottom = y + 6
    }

    /// The whole image: the plot, the axis labels and the legend.
    package var height: Double { plotBottom + 60 }

    /// The x of `value` on the axis (values past the end are drawn at the end).
    package func x(_ value: Double) -> Double {
        axisLeft + (axisRight - axisLeft) * min(max(value, 0), scaleMax) / scaleMax
    }

    /// The bar of `row` whose top is at `top`.
    package func barRect(_ row: ChartRow, top: Double) -> Rect {
        Rect(x: axisLeft, y: top, width: x(row.value) - axisLeft, height: barHeight)
    }

    /// The grid values: every 0.5 from 0 to `scaleMax`.
    package var gridValues: [Double] { stride(from: 0, through: scaleMax + 1e-9, by: 0.5).map { $0 } }
}
