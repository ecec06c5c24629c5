import Foundation
import Tern
import TernExplorer

/// Prints a response: pretty JSON and a summary when stdout is a terminal, raw bytes otherwise.
struct ResponsePrinter {
    let include: Bool

    func print(_ response: Response, savedTo output: String?) {
        let out = Terminal.standardOutput
        if include {
            var head = "HTTP/1.1 \(response.statusCode) \(response.status.reasonPhrase)\n"
            for field in response.headers { head += "\(field.name.rawName): \(field.value)\n" }
            out.write(head + "\n")
        }
        if Terminal.standardError.isTerminal {
            let badge = response.source.rawValue.uppercased()
            // The age tells how old a replayed answer is; a live one was just stored.
            let age = response.source == .cache
                ? response.cache.map { " · stored \(HumanUnits.short(Date().timeIntervalSince($0.storedAt))) ago" } ?? "" : ""
            Terminal.standardError.write(
                "\(response.statusCode) \(response.status.reasonPhrase) · \(badge)\(age) · \(HumanUnits.duration(response.timing.duration)) · \(HumanUnits.bytes(response.byteCount))\n"
            )
        }
        if let output, let file = response.fileURL {
            Terminal.standardError.write("saved \(HumanUnits.bytes(response.byteCount)) to \(output.isEmpty ? file.path : output)\n")
            return
        }
        if let file = response.fileURL, response.body.isEmpty {
            Terminal.standardError.write("the body is in \(file.path)\n")
            return
        }
        Self.writeBody(response.body, contentType: response.headers[.contentType])
    }

    /// Pretty JSON on a terminal (binary bodies summarised), the raw bytes otherwise.
    static func writeBody(_ body: Data, contentType: String?) {
        let out = Terminal.standardOutput
        guard out.isTerminal else {
            out.write(body)
            return
        }
        if let pretty = JSONFormatter.prettyPrinted(body) {
            out.write(pretty + "\n")
        } else if let text = String(data: body, encoding: .utf8) {
            out.write(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
        } else {
            out.write("[\(HumanUnits.bytes(Int64(body.count))) of binary data (\(contentType ?? "no content type")); use -o FILE to save it]\n")
        }
    }
}
