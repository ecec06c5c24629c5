/// A terminal colour: the terminal's default, or one of the eight ANSI colours (bright variants
/// where the terminal has sixteen).
package enum Color: UInt8, Sendable, Hashable, CaseIterable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
}

/// Text attributes.
package struct Attributes: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let bold = Attributes(rawValue: 1 << 0)
    package static let dim = Attributes(rawValue: 1 << 1)
    package static let underline = Attributes(rawValue: 1 << 2)
    package static let reverse = Attributes(rawValue: 1 << 3)
    package static let italic = Attributes(rawValue: 1 << 4)
}

/// How a cell looks: colours and attributes. Terminals without colour (or with `NO_COLOR`) keep
/// the attributes and drop the colours, so every style must stay readable in monochrome.
package struct Style: Sendable, Hashable {
    package var foreground: Color
    package var background: Color
    package var attributes: Attributes

    package init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    package static let plain = Style()
    package static let bold = Style(attributes: .bold)
    package static let dim = Style(attributes: .dim)
    package static let reverse = Style(attributes: .reverse)
    package static let underline = Style(attributes: .underline)

    /// This style with `foreground`.
    package func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with `attributes` added.
    package func adding(_ attributes: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }
}
