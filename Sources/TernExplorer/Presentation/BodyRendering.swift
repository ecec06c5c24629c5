package import Foundation

/// How a body is shown on a terminal, decided once for the CLI, the REPL and the TUI: pretty JSON,
/// text as it is, or — for binary data — a summary with its size and type, never raw bytes.
package enum BodyRendering: Sendable, Hashable {
    /// No bytes.
    case empty
    /// JSON, pretty-printed.
    case json(String)
    /// Text a terminal can show (UTF-8 without control bytes other than tab and line ends).
    case text(String)
    /// Anything else: its size and content type.
    case binary(size: Int64, contentType: String?)

    /// The rendering of `body`, whose `Content-Type` is `contentType`.
    package init(_ body: Data, contentType: String?) {
        if body.isEmpty {
            self = .empty
        } else if let pretty = JSONFormatter.prettyPrinted(body) {
            self = .json(pretty)
        } else if let text = Self.displayableText(body) {
            self = .text(text)
        } else {
            self = .binary(size: Int64(body.count), contentType: contentType)
        }
    }

    /// The body as text when a terminal can show it as it is, else `nil`.
    package static func displayableText(_ body: Data) -> String? {
        BodyPreview.isText(body) ? String(decoding: body, as: UTF8.self) : nil
    }

    /// The body as text when it is valid UTF-8 (control bytes included), else `nil`: the decision of
    /// formats that carry text losslessly (JSON output, HAR, curl's `--data-raw`, samples).
    package static func exactText(_ body: Data) -> String? {
        String(validating: body, as: UTF8.self)
    }

    /// A request body as it was sent (JSON not reformatted): its text when a terminal can show it,
    /// else `(1.2 KB of binary data (image/png))`.
    package static func asSent(_ body: Data, contentType: String?) -> String {
        let binary = BodyRendering.binary(size: Int64(body.count), contentType: contentType)
        return displayableText(body) ?? "(\(binary.binarySummary ?? ""))"
    }

    /// The text shown, for `json` and `text`.
    package var shownText: String? {
        switch self {
        case .json(let text), .text(let text): text
        case .empty, .binary: nil
        }
    }

    /// `1.2 KB of binary data (image/png)` for a binary body.
    package var binarySummary: String? {
        guard case .binary(let size, let contentType) = self else { return nil }
        return "\(HumanUnits.bytes(size)) of binary data (\(contentType ?? "no content type"))"
    }
}
