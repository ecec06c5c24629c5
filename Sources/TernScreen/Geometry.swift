/// A terminal size in columns and rows.
package struct Size: Sendable, Hashable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package var description: String { "\(width)x\(height)" }
}

/// A rectangle of cells: origin at the top left, rows growing downwards.
package struct Rect: Sendable, Hashable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package init(_ size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    package var maxX: Int { x + width }
    package var maxY: Int { y + height }
    package var isEmpty: Bool { width == 0 || height == 0 }

    /// The rectangle shrunk by `amount` on every side.
    package func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// Splits into a left part `width` columns wide (clamped) and the rest.
    package func splitColumns(at width: Int) -> (left: Rect, right: Rect) {
        let left = min(max(0, width), self.width)
        return (
            Rect(x: x, y: y, width: left, height: height),
            Rect(x: x + left, y: y, width: self.width - left, height: height)
        )
    }

    /// Splits into a top part `height` rows tall (clamped) and the rest.
    package func splitRows(at height: Int) -> (top: Rect, bottom: Rect) {
        let top = min(max(0, height), self.height)
        return (
            Rect(x: x, y: y, width: width, height: top), Rect(x: x, y: y + top, width: width, height: self.height - top)
        )
    }

    /// The top `count` rows.
    package func top(_ count: Int) -> Rect { splitRows(at: count).top }
    /// The bottom `count` rows.
    package func bottom(_ count: Int) -> Rect { splitRows(at: height - count).bottom }
    /// Everything but the top `count` rows.
    package func droppingTop(_ count: Int) -> Rect { splitRows(at: count).bottom }
    /// Everything but the bottom `count` rows.
    package func droppingBottom(_ count: Int) -> Rect { splitRows(at: height - count).top }

    /// A rectangle of `width`×`height` centred in this one (clamped to it).
    /// Whether the cell at `point` is inside.
    package func contains(_ point: (x: Int, y: Int)) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }

    package func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width)
        let h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }
}
