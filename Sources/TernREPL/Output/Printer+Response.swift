import Foundation
import Tern
import TernExplorer

extension Printer {
    /// `send`: the status line (status, source badge, time, size, attempts), then the body.
    public func response(_ response: Response) -> String {
        statusLine(response) + "\n" + responseBody(response)
    }

    /// `200 OK · LIVE · 12 ms · 229 B`, with the cache's age and validity for replayed answers.
    public func statusLine(_ response: Response) -> String {
        var parts = [style.status(response.statusCode, "\(response.statusCode) \(response.status.reasonPhrase)"), badge(response)]
        parts.append(HumanUnits.duration(response.timing.duration))
        parts.append(HumanUnits.bytes(response.byteCount))
        if response.attempts > 1 { parts.append("\(response.attempts) attempts") }
        return parts.joined(separator: " · ")
    }

    /// LIVE, SAMPLE, or CACHE with the stored response's age and how long it stays valid.
    func badge(_ response: Response) -> String {
        switch response.source {
        case .live:
            return style.green("LIVE")
        case .sample:
            return style.magenta("SAMPLE")
        case .cache:
            var badge = style.blue("CACHE")
            if let cache = response.cache {
                let state = cache.isExpired || cache.validUntil <= now ? "expired" : validity(cache.validUntil)
                badge += " (stored \(HumanUnits.short(now.timeIntervalSince(cache.storedAt))) ago, \(state))"
            }
            return badge
        }
    }

    /// The body: pretty JSON, text, a hex summary of binary data, or where a download was saved.
    public func responseBody(_ response: Response) -> String {
        if let file = response.fileURL, response.body.isEmpty {
            return "the body (\(HumanUnits.bytes(response.byteCount))) was saved to \(file.path)\n"
        }
        return bodyText(response.body, contentType: response.headers[.contentType])
    }

    /// Pretty JSON, UTF-8 text as it is, or a hex summary (never raw bytes); ends with a newline.
    func bodyText(_ body: Data, contentType: String?) -> String {
        if body.isEmpty { return style.dim("(empty body)") + "\n" }
        if let pretty = JSONFormatter.prettyPrinted(body) { return pretty + "\n" }
        if let text = String(data: body, encoding: .utf8), !text.contains(where: Self.isControl) {
            return text.hasSuffix("\n") ? text : text + "\n"
        }
        return hexSummary(body, contentType: contentType)
    }

    /// `[1.2 KB of binary data (image/png)]` and the first 64 bytes as a hex dump.
    func hexSummary(_ body: Data, contentType: String?) -> String {
        var lines = [style.dim("[\(HumanUnits.bytes(Int64(body.count))) of binary data (\(contentType ?? "no content type"))]")]
        let shown = Array(body.prefix(64))
        for start in stride(from: 0, to: shown.count, by: 16) {
            let row = shown[start..<min(start + 16, shown.count)]
            let hex = row.map { String(format: "%02x", $0) }.joined(separator: " ")
            let ascii = String(row.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
            lines.append(String(format: "%08x  ", start) + hex.padding(toLength: 47, withPad: " ", startingAt: 0) + "  |\(ascii)|")
        }
        if body.count > shown.count { lines.append(style.dim("… \(body.count - shown.count) more bytes")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Control characters other than tab, newline and carriage return mark a body as binary.
    private static func isControl(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || scalar.value == 0x7F
    }
}
