import Foundation
import TernExplorer
import TernScreen

/// The run results view: a line per spec with ✓/✗/!, status, time, checks and source, its failed
/// expectations (or error) under it as the runner prints them, and the run's summary at the bottom.
extension RunResults {
    /// Draws the view centred in `bounds`, its title naming the keys of the table it is given.
    func draw(in bounds: Rect, _ context: ComponentContext, on buffer: inout ScreenBuffer) {
        var rows: [[Span]] = []
        var firstRow: [Int] = []
        let width = SpecRunResult.idWidth(summary.results)
        for result in summary.results {
            firstRow.append(rows.count)
            for (index, line) in result.lines(idWidth: width).enumerated() {
                rows.append([Span(line, index == 0 ? Self.style(result.outcome) : Style(foreground: .red))])
            }
        }
        let rect = bounds.centered(width: min(bounds.width, 96), height: min(bounds.height, max(1, rows.count) + 4))
        buffer.fill(rect)
        let keys = context.keys
        let move = keys.key(for: .up, in: .runResults) + "/" + keys.key(for: .down, in: .runResults)
        let open = keys.key(for: .open, in: .runResults)
        let close = keys.key(for: .close, in: .runResults)
        Box(title: "Run — \(move) select, \(open) opens the response, \(close) closes", focused: true)
            .draw(in: rect, on: &buffer)
        let inner = rect.inset(by: 1)
        guard inner.height >= 3 else { return }
        let list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 2)
        if rows.isEmpty {
            buffer.write("(no spec was run)", x: list.x + 1, y: list.y, style: .dim, maxWidth: list.width - 1)
        } else {
            let selected = firstRow[ListCursor.clamp(selection, count: firstRow.count)]
            // Keep the selected spec's failures in view under it when they fit.
            let last = selected + (summary.results[ListCursor.clamp(selection, count: firstRow.count)].lines.count - 1)
            let offset = max(0, last - list.height + 1)
            ListView(rows: rows, selected: selected, offset: min(offset, selected), focused: true)
                .draw(in: list, on: &buffer)
        }
        buffer.write(
            summary.line, x: inner.x + 1, y: inner.maxY - 1,
            style: Style(foreground: summary.exitStatus == .success ? .green : .red, attributes: .bold),
            maxWidth: inner.width - 1)
    }

    static func style(_ outcome: SpecRunResult.Outcome) -> Style {
        switch outcome {
        case .passed: return Style(foreground: .green)
        case .failed: return Style(foreground: .red, attributes: .bold)
        case .errored: return Style(foreground: .red)
        }
    }
}
