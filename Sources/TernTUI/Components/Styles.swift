import Tern
import TernScreen

/// The colours that carry meaning wherever they show: a method, a status, a response's source, a mode.
enum Styles {
    /// A method's style (GET green, POST yellow, PUT and PATCH blue, DELETE red).
    static func method(_ method: String) -> Style {
        switch method.uppercased() {
        case "GET": return Style(foreground: .green, attributes: .bold)
        case "POST": return Style(foreground: .yellow, attributes: .bold)
        case "PUT", "PATCH": return Style(foreground: .blue, attributes: .bold)
        case "DELETE": return Style(foreground: .red, attributes: .bold)
        default: return Style(foreground: .cyan, attributes: .bold)
        }
    }

    /// A status code's colour: 2xx green, 3xx cyan, 4xx yellow, else red.
    static func status(_ status: Int) -> Color {
        switch status {
        case 200..<300: return .green
        case 300..<400: return .cyan
        case 400..<500: return .yellow
        default: return .red
        }
    }

    /// The source badge's colour.
    static func badge(_ source: ResponseSource) -> Color {
        switch source {
        case .live: return .green
        case .cache: return .blue
        case .sample: return .magenta
        }
    }

    /// The header's mode colour.
    static func mode(_ mode: ResponseMode) -> Color {
        switch mode {
        case .normal: return .default
        case .live: return .green
        case .cache: return .blue
        case .sample: return .magenta
        }
    }
}
