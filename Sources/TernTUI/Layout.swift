package import TernScreen

/// Where each pane goes for a terminal size. `update` uses it for page sizes, `view` to draw.
///
/// Below `wideWidth` columns the three activity panes share a strip under the response (tabs);
/// from it on they stand in a column of their own on the right, one above the other, so each has
/// the width its rows need and the request and response panes keep the full height.
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

    /// From this width on the activity panes get a column of their own.
    package static let wideWidth = 180
    /// The narrowest the tree gets, whatever the key presses.
    package static let minimumTreeWidth = 16
    /// The columns the panes right of the tree keep, whatever the key presses.
    package static let minimumMainWidth = 56

    /// Whether the activity strip is one line (a short terminal, the strip not focused).
    package var collapsedActivity = false
    /// The pane that fills the body area (`z`), if one does; the others are not drawn.
    package var zoomed: Pane?

    /// The fewest body rows the response pane shows on a short terminal (80×24 included).
    package static let minimumResponseRows = 12

    /// The layout for `size`, the tree `treeWidth` columns wide (else a quarter of the width, 24 to 40).
    /// `focus` decides which pane gets the room on a short terminal; `zoomed` gives it all of it.
    package init(_ size: Size, treeWidth: Int? = nil, focus: Pane = .tree, zoomed: Bool = false) {
        let all = Rect(size)
        header = all.top(1)
        commandLine = all.bottom(1)
        status = all.droppingBottom(1).bottom(1)
        let body = all.droppingTop(1).droppingBottom(2)
        let width = Self.clampTree(treeWidth ?? min(40, max(24, size.width / 4)), totalWidth: size.width)
        let (left, right) = body.splitColumns(at: width)
        tree = left
        sharesActivity = size.width < Self.wideWidth
        if sharesActivity {
            let activityHeight = max(7, body.height / 4)
            let (main, strip) = right.splitRows(at: right.height - activityHeight)
            let editorHeight = max(8, main.height * 2 / 5)
            (editor, response) = main.splitRows(at: editorHeight)
            transfers = strip
            retryLog = strip
            cache = strip
            // A short terminal (80×24): the panes with nothing to say shrink so the answer shows at least
            // `minimumResponseRows` lines. The strip becomes one line unless focused; the request pane
            // keeps its method, URL and tabs unless focused.
            if response.height - 4 < Self.minimumResponseRows {
                let stripHeight = focus.isActivity ? activityHeight : 1
                let editorRows = focus == .editor ? editorHeight : 4
                let (main, strip) = right.splitRows(at: right.height - stripHeight)
                (editor, response) = main.splitRows(at: min(editorRows, max(0, main.height - 5)))
                transfers = strip
                retryLog = strip
                cache = strip
                collapsedActivity = stripHeight == 1
            }
        } else {
            let columnWidth = min(90, max(60, size.width * 9 / 25))
            let (main, column) = right.splitColumns(at: right.width - columnWidth)
            let editorHeight = max(8, main.height * 2 / 5)
            (editor, response) = main.splitRows(at: editorHeight)
            let third = column.height / 3
            let (first, rest) = column.splitRows(at: third)
            let (second, last) = rest.splitRows(at: third)
            transfers = first
            retryLog = second
            cache = last
        }
        if zoomed, focus == .response {
            // The answer zoomed takes every row but the last, which says what it is (its status line):
            // no header, no border, no tabs, no key hints.
            self.zoomed = focus
            let none = Rect(x: 0, y: 0, width: 0, height: 0)
            header = Rect(x: 0, y: 0, width: size.width, height: 0)
            commandLine = Rect(x: 0, y: all.maxY, width: size.width, height: 0)
            status = all.bottom(1)
            response = all.droppingBottom(1)
            (tree, editor, transfers, retryLog, cache) = (none, none, none, none, none)
            collapsedActivity = false
        } else if zoomed {
            self.zoomed = focus
            let none = Rect(x: 0, y: 0, width: 0, height: 0)
            tree = focus == .tree ? body : none
            editor = focus == .editor ? body : none
            response = focus == .response ? body : none
            collapsedActivity = false
            if sharesActivity {
                let strip = focus.isActivity ? body : none
                (transfers, retryLog, cache) = (strip, strip, strip)
            } else {
                transfers = focus == .transfers ? body : none
                retryLog = focus == .retryLog ? body : none
                cache = focus == .cache ? body : none
            }
        }
    }

    /// `wanted` within what a terminal `totalWidth` wide allows the tree.
    package static func clampTree(_ wanted: Int, totalWidth: Int) -> Int {
        max(minimumTreeWidth, min(wanted, totalWidth - minimumMainWidth))
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
    package var responseBodyHeight: Int { max(1, isBare ? response.height : response.height - 4) }

    /// Whether the response is zoomed bare: its body in every row but the status line.
    package var isBare: Bool { zoomed == .response }
}
