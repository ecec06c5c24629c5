import Foundation
import HTTPTypes
package import Tern
import TernExplorer

extension Printer {
    /// `send`: the status line (status, source badge, time, size, attempts), then the body.
    package func response(_ response: Response) -> String {
        var note = ""
        if let decoding = response.contentDecoding, !decoding.isDecoded, let text = decoding.note {
            note = style.dim("(" + text + ")") + "\n"
        }
        let connection = ResponseSummary(response, now: now).connection.map { style.dim($0) + "\n" } ?? ""
        return statusLine(response) + "\n" + connection + note + responseBody(response)
    }

    /// `200 OK · LIVE · 12 ms · 229 B`, with the cache's age and validity for replayed answers.
    package func statusLine(_ response: Response) -> String {
        let summary = ResponseSummary(response, now: now)
        let status = style.status(summary.statusCode, summary.status)
        return ([status, badge(summary.badge)] + summary.details).joined(separator: " · ")
    }

    /// The badge with its label coloured: LIVE green, SAMPLE magenta, CACHE blue.
    func badge(_ badge: SourceBadge) -> String {
        let label =
            switch badge.source {
            case .live: style.green(badge.label)
            case .sample: style.magenta(badge.label)
            case .cache: style.blue(badge.label)
            }
        return label + String(badge.text.dropFirst(badge.label.count))
    }

    /// The body: pretty JSON, text, a hex summary of binary data, or where a download was saved.
    package func responseBody(_ response: Response) -> String {
        if let file = response.fileURL, response.body.isEmpty {
            return "the body (\(HumanUnits.bytes(response.byteCount))) was saved to \(file.path)\n"
        }
        return bodyText(response.body, contentType: response.headers[.contentType])
    }

    /// Pretty JSON, UTF-8 text as it is, or a hex summary (never raw bytes); ends with a newline.
    func bodyText(_ body: Data, contentType: String?) -> String {
        let rendering = BodyRendering(body, contentType: contentType)
        switch rendering {
        case .empty: return style.dim("(empty body)") + "\n"
        case .json(let pretty): return pretty + "\n"
        case .text(let text): return text.hasSuffix("\n") ? text : text + "\n"
        case .binary: return hexSummary(body, rendering)
        }
    }

    /// `[1.2 KB of binary data (image/png)]` and the first 64 bytes as a hex dump.
    func hexSummary(_ body: Data, _ rendering: BodyRendering) -> String {
        var lines = [style.dim("[\(rendering.binarySummary ?? "")]")]
        lines += BodyPreview.hexRows(body, limit: 64)
        if body.count > 64 { lines.append(style.dim("… \(body.count - 64) more bytes")) }
        return lines.joined(separator: "\n") + "\n"
    }
}
