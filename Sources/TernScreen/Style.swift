/// A terminal colour: the terminal's default, or one of the eight ANSI colours (bright variants
/// where the terminal has sixteen).
public enum Color: UInt8, Sendable, Hashable, CaseIterable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
}

/// Text attributes.
public struct Attributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let underline = Attributes(rawValue: 1 << 2)
    public static let reverse = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
}

/// How a cell looks: colours and attributes. Terminals without colour (or with `NO_COLOR`) keep
/// the attributes and drop the colours, so every style must stay readable in monochrome.
public struct Style: Sendable, Hashable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()
    public static let bold = Style(attributes: .bold)
    public static let dim = Style(attributes: .dim)
    public static let reverse = Style(attributes: .reverse)
    public static let underline = Style(attributes: .underline)

    /// This style with `foreground`.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with `attributes` added.
    public func adding(_ attributes: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }
}
