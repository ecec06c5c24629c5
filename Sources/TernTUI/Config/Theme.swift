package import TernScreen

/// The colours the TUI draws with: the views name colours for what things are (a focused border is
/// cyan, an unsaved mark yellow), and a theme maps each to the colour the terminal shows.
package struct Theme: Sendable, Hashable {
    /// The theme's name as the config file says it.
    package var name: String
    /// Colours shown as others; a colour not listed is shown as itself.
    package var palette: [Color: Color]

    /// For dark backgrounds: every colour as named (the default).
    package static let dark = Theme(name: "dark", palette: [:])

    /// For light backgrounds: the colours that are hard to read on white (yellow, cyan, white) are
    /// shown darker.
    package static let light = Theme(
        name: "light",
        palette: [
            .yellow: .magenta, .brightYellow: .magenta, .cyan: .blue, .brightCyan: .blue, .white: .black,
            .brightWhite: .black, .green: .green,
        ])

    /// The themes a config file can name.
    package static let all = [dark, light]

    /// The colour the terminal shows for `color`.
    package func map(_ color: Color) -> Color { palette[color] ?? color }

    /// `style` with its colours mapped.
    package func map(_ style: Style) -> Style {
        var mapped = style
        mapped.foreground = map(style.foreground)
        mapped.background = map(style.background)
        return mapped
    }
}

extension Color {
    /// The colour called `name` (`red`, `brightBlue`, `default`), as config files spell them.
    package init?(name: String) {
        guard let color = Color.allCases.first(where: { "\($0)".lowercased() == name.lowercased() }) else {
            return nil
        }
        self = color
    }
}
