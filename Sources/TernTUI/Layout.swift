package import TernScreen

/// Where each pane goes for a terminal size. `update` uses it for page sizes, `view` to draw.
package struct Layout: Sendable, Hashable {
    package var header: Rect
    package var tree: Rect
    package var editor: Rect
    package var response: Rect
    /// The activity strip: one rect per pane on wide terminals, else one shared rect.
    package var transfers: Rect
    package var retryLog: Rect
    package var cache: Rect
    package var sharesActivity: Bool
    package var status: Rect
    package var commandLine: Rect

    package init(_ size: Size) {
        let all = Rect(size)
        header = all.top(1)
        commandLine = all.bottom(1)
        status = all.droppingBottom(1).bottom(1)
        let body = all.droppingTop(1).droppingBottom(2)
        let treeWidth = min(40, max(24, size.width / 4))
        let (left, right) = body.splitColumns(at: treeWidth)
        tree = left
        let activityHeight = max(7, body.height / 4)
        let (main, strip) = right.splitRows(at: right.height - activityHeight)
        let editorHeight = max(8, main.height * 2 / 5)
        (editor, response) = main.splitRows(at: editorHeight)
        sharesActivity = size.width < 200
        if sharesActivity {
            transfers = strip
            retryLog = strip
            cache = strip
        } else {
            let third = strip.width / 3
            let (first, rest) = strip.splitColumns(at: third)
            let (second, last) = rest.splitColumns(at: third)
            transfers = first
            retryLog = second
            cache = last
        }
    }

    package func rect(of pane: Pane) -> Rect {
        switch pane {
        case .tree: return tree
        case .editor: return editor
        case .response: return response
        case .transfers: return transfers
        case .retryLog: return retryLog
        case .cache: return cache
        }
    }

    /// Rows of text the response pane shows (inside its border, under its tab row).
    package var responseBodyHeight: Int { max(1, response.height - 4) }
}
