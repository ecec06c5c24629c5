import Foundation
import Tern
import TernExplorer

/// A request on stdout, as HTTPie's `--print=HB` shows it: the request line and headers (secrets
/// masked), a blank line, and the body (its text, or its size when it is not text), then a blank line.
enum RequestPrinter {
    static func print(_ request: Request, headers: Bool, body: Bool) {
        StandardStream.output.write(text(request, headers: headers, body: body))
    }

    /// `tern send -v`'s request on stderr: the request line, the headers and the body, each line after `> `.
    static func printVerbose(_ request: Request) {
        let lines = text(request, headers: true, body: true).split(separator: "\n", omittingEmptySubsequences: false)
        // The text ends with a blank line: one `>` closes it.
        let shown = lines.dropLast(lines.last?.isEmpty == true ? 1 : 0)
        StandardStream.error.write(shown.map { $0.isEmpty ? ">\n" : "> \($0)\n" }.joined())
    }

    /// The request as `print` shows it.
    static func text(_ request: Request, headers: Bool, body: Bool) -> String {
        var text = ""
        if headers {
            let shown = RequestLines(request, secretValues: request.secretValues)
            text += shown.lines.joined(separator: "\n") + "\n\n"
        }
        if body {
            switch request.body {
            case .none:
                break
            case .data(let data):
                if let string = String(data: data, encoding: .utf8) {
                    text += SecretBook.redactor(hiding: request.secretValues).redact(string) + "\n\n"
                } else {
                    text += "(\(HumanUnits.bytes(Int64(data.count))) of binary data)\n\n"
                }
            case .file(let url):
                text += "(the file \(url.path))\n\n"
            case .multipart(let form):
                text += "(a multipart form of \(form.parts.count) parts)\n\n"
            }
        }
        return text
    }
}
