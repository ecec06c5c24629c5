import Foundation
import HTTPTypes
import Tern

/// The file `--download` writes when no `-o FILE` names one, as HTTPie names it: the `filename` of a
/// `Content-Disposition`, else the URL's last path segment (`index` when it has none), with an extension
/// from the `Content-Type` when it has none; `NAME-1`, `NAME-2`… when the file exists already.
enum DownloadName {
    /// The name for `response`, in the current folder.
    static func pick(for response: Response) -> String {
        let base = name(
            disposition: response.headers[.contentDisposition], url: response.request.url,
            contentType: response.headers[.contentType])
        return unused(base, exists: { FileManager.default.fileExists(atPath: $0) })
    }

    /// The name from the response's parts, before looking for a free one.
    static func name(disposition: String?, url: URL, contentType: String?) -> String {
        if let disposition, let named = filename(inDisposition: disposition) { return named }
        var base = safe(url.lastPathComponent)
        if base.isEmpty || base == "/" { base = "index" }
        if !base.contains("."), let type = contentType, let suffix = suffix(forType: type) { base += "." + suffix }
        return base
    }

    /// `filename="report.pdf"` (or unquoted) of a `Content-Disposition`, made safe as a file name.
    static func filename(inDisposition value: String) -> String? {
        for part in value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard pair.count == 2, pair[0].lowercased() == "filename" else { continue }
            let name = safe(pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// `name`, or `name-1`, `name-2`… (before the extension), the first that does not exist.
    static func unused(_ name: String, exists: (String) -> Bool) -> String {
        guard exists(name) else { return name }
        for number in 1...9_999 {
            let candidate = "\(name)-\(number)"
            if !exists(candidate) { return candidate }
        }
        return "\(name)-\(UUID().uuidString)"
    }

    /// A name with no folder in it: the last path segment, without leading dots.
    private static func safe(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? ""
        return String(last.drop { $0 == "." || $0 == " " })
    }

    /// The usual extension of a media type: `json`, `html`, `txt`, `xml`, `pdf`, `png`…
    private static func suffix(forType type: String) -> String? {
        let media = type.split(separator: ";").first?.trimmingWhitespace().lowercased() ?? ""
        let known = [
            "application/json": "json", "text/html": "html", "text/plain": "txt", "application/xml": "xml",
            "text/xml": "xml", "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg",
            "image/gif": "gif", "text/csv": "csv", "application/zip": "zip", "application/gzip": "gz",
            "application/octet-stream": "bin", "text/css": "css", "application/javascript": "js",
        ]
        return known[media]
    }
}
