import Foundation

extension HARImporter {
    /// Chrome's `_resourceType`s that are page assets, not API calls.
    static let assetResourceTypes: Set<String> = ["image", "font", "stylesheet", "script", "media", "manifest"]

    /// Response media types of page assets.
    static let assetMediaTypes: Set<String> = [
        "text/css", "text/javascript", "application/javascript", "application/x-javascript",
        "application/ecmascript", "text/ecmascript", "application/font-woff", "application/x-font-woff",
        "application/font-woff2", "application/vnd.ms-fontobject", "application/font-sfnt",
        "application/x-font-ttf", "application/x-font-otf",
    ]

    /// URL extensions of page assets.
    static let assetExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "svg", "ico", "webp", "avif", "bmp", "tif", "tiff", "woff", "woff2", "ttf",
        "otf", "eot", "css", "js", "mjs", "map", "mp4", "webm", "mp3", "ogg", "wav",
    ]

    /// Why `entry` is not imported, or `nil` to import it: a method that is not an HTTP token, a
    /// WebSocket, a URL that is not http(s) (`data:`, `blob:`, extensions), a CORS preflight the
    /// browser sent by itself, or a static asset (image, font, stylesheet, script) fetched by GET.
    static func skipReason(_ entry: HAREntry) -> String? {
        let request = entry.request
        let method = request.method
        let tokenCharacters = "!#$%&'*+-.^_`|~"
        guard !method.isEmpty, method.utf8.count <= 32,
            method.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || tokenCharacters.contains($0)) })
        else { return "'\(method)' is not an HTTP method" }
        let scheme = request.url.prefix { $0 != ":" }.lowercased()
        if HARWebSocket.isWebSocket(entry) { return nil }
        guard scheme == "http" || scheme == "https" else { return "its URL is not an http(s) URL (\(scheme):)" }
        let upper = method.uppercased()
        if upper == "OPTIONS",
            request.headers.contains(where: { $0.name.lowercased() == "access-control-request-method" })
        {
            return "a CORS preflight the browser sent by itself"
        }
        guard upper == "GET" || upper == "HEAD" else { return nil }
        if let type = entry.resourceType, assetResourceTypes.contains(type) {
            return "a static asset (\(type))"
        }
        let mediaType =
            entry.response.content.mimeType.split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if mediaType.hasPrefix("image/") || mediaType.hasPrefix("font/") || mediaType.hasPrefix("audio/")
            || mediaType.hasPrefix("video/") || assetMediaTypes.contains(mediaType)
        {
            return "a static asset (\(mediaType))"
        }
        if let ext = pathExtension(request.url), assetExtensions.contains(ext) {
            return "a static asset (.\(ext))"
        }
        return nil
    }

    /// The lower-cased extension of the URL's last path segment, if it has one.
    private static func pathExtension(_ url: String) -> String? {
        let withoutQuery = url.prefix { $0 != "?" && $0 != "#" }
        guard let schemeEnd = withoutQuery.range(of: "://") else { return nil }
        let afterHost = withoutQuery[schemeEnd.upperBound...].drop { $0 != "/" }
        guard let last = afterHost.split(separator: "/").last, let dot = last.lastIndex(of: ".") else { return nil }
        let ext = last[last.index(after: dot)...].lowercased()
        return ext.isEmpty ? nil : ext
    }
}
