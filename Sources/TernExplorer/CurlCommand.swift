import Foundation
package import Tern

/// Writes a request as a curl command line that can be pasted into a shell.
package enum CurlCommand {
    /// The command for `request`.
    package static func make(from request: Request) -> String {
        var parts = ["curl"]
        if request.method != .get || !request.body.isEmpty && request.method == .get {
            parts.append("-X \(request.method.rawValue)")
        }
        parts.append(quote(request.url.absoluteString))
        for field in request.headers {
            parts.append("-H \(quote("\(field.name.rawName): \(field.value)"))")
        }
        switch request.body {
        case .none:
            break
        case .data(let data):
            if let text = BodyRendering.exactText(data) {
                parts.append("--data-raw \(quote(text))")
            } else {
                parts.append("--data-binary @- # \(data.count) bytes of binary data")
            }
        case .file(let url):
            parts.append("--data-binary \(quote("@" + url.path))")
        case .multipart(let form):
            for part in form.parts {
                switch part.content {
                case .file(let url): parts.append("-F \(quote("\(part.name)=@\(url.path)"))")
                case .data(let data):
                    parts.append("-F \(quote("\(part.name)=\(String(decoding: data, as: UTF8.self))"))")
                }
            }
        }
        if request.transaction == .download {
            parts.append("-o \(quote(request.downloadDestination?.lastPathComponent ?? request.url.lastPathComponent))")
        }
        return parts.joined(separator: " ")
    }

    /// Single-quotes `text` for a POSIX shell.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
