/// ANSI colours for the REPL's output, or none at all (`NO_COLOR`, not a terminal, scripted mode).
package struct ANSIStyle: Sendable {
    /// Whether escapes are written.
    package let enabled: Bool

    /// No colours: the text as it is.
    package static let plain = ANSIStyle(enabled: false)
    /// ANSI colours.
    package static let ansi = ANSIStyle(enabled: true)

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func blue(_ text: String) -> String { wrap(text, "34") }
    func magenta(_ text: String) -> String { wrap(text, "35") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    /// A status code coloured by class: 2xx green, 3xx cyan, 4xx yellow, 5xx red.
    func status(_ code: Int, _ text: String) -> String {
        switch code {
        case 200..<300: green(text)
        case 300..<400: cyan(text)
        case 400..<500: yellow(text)
        default: red(text)
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
