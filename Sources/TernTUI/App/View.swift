import Foundation
import Tern
import TernExplorer
package import TernScreen

/// The view: pure drawing of an `AppState`. Each pane is drawn by its component (`Components/`:
/// workspace tree, request editor and its form, response, activity); the bottom lines and dialogs
/// by `View+Overlays.swift`.
extension App {
    /// Draws the whole frame for `state`: pure, so every pane and state has a text snapshot test.
    package static func view(_ state: AppState) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: state.size)
        if state.isTooSmall {
            drawTooSmall(state, &buffer)
            return buffer
        }
        let layout = state.layout
        if layout.header.height > 0 { drawHeader(state, layout.header, &buffer) }
        func context(_ pane: Pane) -> ComponentContext { state.context(focused: state.focus == pane, page: 0) }
        // A zoomed layout gives the others no room: they are not drawn.
        if layout.tree.height > 0 { state.workspaceTree.draw(in: layout.tree, context(.tree), on: &buffer) }
        if layout.editor.height > 0 { state.requestEditor.draw(in: layout.editor, context(.editor), on: &buffer) }
        if layout.response.height > 0 {
            state.responsePane.draw(in: layout.response, context(.response), bare: layout.isBare, on: &buffer)
        }
        if layout.collapsedActivity {
            state.activityPanes.drawCollapsed(in: layout.transfers, on: &buffer)
        } else if layout.sharesActivity {
            let strip = state.activityPanes.strip
            if layout.transfers.height > 0 {
                state.activityPanes.draw(in: layout.transfers, context(strip), on: &buffer)
            }
        } else {
            for pane in [Pane.transfers, .retryLog, .cache] where layout.rect(of: pane).height > 0 {
                state.activityPanes.draw(pane, in: layout.rect(of: pane), context(pane), tabs: false, on: &buffer)
            }
        }
        drawBottom(state, layout, &buffer)
        let overlay = Rect(state.size).droppingTop(1).droppingBottom(2).inset(by: 1)
        if let runs = state.runResults, runs.isOpen { runs.draw(in: overlay, state.viewContext, on: &buffer) }
        if let history = state.history, history.isOpen { history.draw(in: overlay, state.viewContext, on: &buffer) }
        if let cookies = state.cookies, cookies.isOpen { cookies.draw(in: overlay, state.viewContext, on: &buffer) }
        state.requestEditor.drawPrompt(in: buffer.bounds, state.context(focused: true, page: 0), on: &buffer)
        if let dialog = state.dialog { drawDialog(dialog, state, &buffer) }
        return buffer
    }

    static func drawTooSmall(_ state: AppState, _ buffer: inout ScreenBuffer) {
        let lines = [
            "Tern needs a terminal of at least \(AppState.minimumSize.width)×\(AppState.minimumSize.height).",
            "This one is \(state.size.width)×\(state.size.height): please make it bigger.",
            "(q quits)",
        ]
        let top = max(0, (state.size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let shown = CellWidth.truncate(line, to: state.size.width)
            let x = max(0, (state.size.width - CellWidth.of(shown)) / 2)
            buffer.write(shown, x: x, y: top + index, style: index == 0 ? .bold : .plain)
        }
    }

    // MARK: Header

    static func drawHeader(_ state: AppState, _ rect: Rect, _ buffer: inout ScreenBuffer) {
        let bar = Style(attributes: .reverse)
        buffer.fill(rect, with: Cell(" ", style: bar))
        var spans = [Span(" tern ", bar.adding(.bold))]
        guard let snapshot = state.snapshot else {
            spans.append(Span(" loading the workspace…", bar))
            buffer.write(spans, x: rect.x, y: rect.y, maxWidth: rect.width)
            return
        }
        spans.append(Span(" \(snapshot.workspaceName) ", bar))
        spans.append(Span("│ env ", bar))
        spans.append(Span(snapshot.environment ?? "none", bar.adding(.bold)))
        if !snapshot.insecureTargets.isEmpty {
            let which = snapshot.insecureTargets == ["*"] ? "" : " " + snapshot.insecureTargets.joined(separator: ",")
            spans.append(Span(" │ ", bar))
            spans.append(Span("⚠ TLS INSECURE\(which)", bar.adding(.bold).foreground(.red)))
        }
        spans.append(Span(" │ mode ", bar))
        spans.append(
            Span(snapshot.mode.rawValue.uppercased(), bar.adding(.bold).foreground(Styles.mode(snapshot.mode))))
        spans.append(Span(" │ ", bar))
        if let selected = snapshot.selected {
            spans.append(Span(selected.id, bar.adding(.bold)))
            if selected.edited { spans.append(Span(" ● unsaved", bar.foreground(.yellow))) }
        } else {
            spans.append(Span("no spec selected", bar))
        }
        let help = " ? help "
        var tails: [[Span]] = [[]]
        if let sending = state.responsePane.sending {
            let elapsed = state.responsePane.sendStarted.map { Format.duration(state.now.timeIntervalSince($0)) } ?? ""
            tails = [[Span(" │ ⟳ \(sending) \(elapsed)", bar.adding(.bold))]]
        } else if let count = unsavedElsewhere(snapshot) {
            // The long form when it fits, else the short one; the line never ends in a cut word.
            tails = [
                [Span(" │ " + Format.count(count, "spec") + " unsaved", bar)],
                [Span(" │ \(count) unsaved", bar)],
            ]
        }
        let used = spans.reduce(0) { $0 + CellWidth.of($1.text) }
        let fitting = tails.first {
            used + $0.reduce(0) { $0 + CellWidth.of($1.text) } <= rect.width - CellWidth.of(help)
        }
        buffer.write(spans + (fitting ?? tails.last ?? []), x: rect.x, y: rect.y, maxWidth: rect.width)
        if fitting != nil || tails.last?.isEmpty == true {
            buffer.write(help, x: rect.maxX - CellWidth.of(help), y: rect.y, style: bar)
        }
    }

    /// How many specs have unsaved edits when the header should say so: unless the only one is the
    /// selected spec, which "● unsaved" marks already.
    static func unsavedElsewhere(_ snapshot: ExplorerSnapshot) -> Int? {
        let unsaved = snapshot.unsaved
        if unsaved.isEmpty { return nil }
        if unsaved.count == 1, snapshot.selected?.edited == true, unsaved.first == snapshot.selected?.id { return nil }
        return unsaved.count
    }
}
