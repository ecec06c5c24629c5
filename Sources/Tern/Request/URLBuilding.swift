import Foundation

/// Joins base URLs and paths the way users write them, and reports bad ones as `TernError`.
enum URLBuilding {
    /// `base` + `path`, with exactly one slash between them; a path that is a full URL wins.
    static func url(base: String, path: String) throws(TernError) -> URL {
        if path.contains("://") {
            return try parse(path)
        }
        var joined = base
        if !path.isEmpty {
            let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
            let trimmedPath = path.hasPrefix("/") ? String(path.dropFirst()) : path
            joined = trimmedBase + "/" + trimmedPath
        }
        return try parse(joined)
    }

    /// Parses an absolute http(s) URL (or ws(s), for `Handler.connect`) or throws `invalidRequest` naming it.
    static func parse(_ text: String) throws(TernError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https", "ws", "wss"].contains(scheme), url.host != nil
        else {
            throw TernError(.invalidRequest, "'\(text)' is not an absolute http(s) or ws(s) URL")
        }
        return url
    }
}
