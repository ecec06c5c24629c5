import NIOHTTP1

/// `GET /etag/{seconds}`: a JSON body counting full answers (`{"served": n}`) with `ETag: "v1"` (or
/// `?version=`), `Last-Modified` and `Cache-Control: max-age={seconds}`; a matching `If-None-Match`
/// (or any `If-Modified-Since` without it) gets `304 Not Modified`, counted by `notModifiedCount(path:)`.
/// `?vary=NAME` adds `Vary: NAME` and echoes that header's value as `"variant"`.
enum ConditionalRoute {
    static let lastModified = "Sat, 01 Nov 2025 10:00:00 GMT"

    static func response(to request: MockRequest, seconds: Int, state: MockServerState) -> MockResponse {
        let version = request.queryItems.first { $0.name == "version" }?.value ?? "v1"
        let etag = "\"\(version)\""
        var headers = [("ETag", etag), ("Last-Modified", lastModified), ("Cache-Control", "max-age=\(seconds)")]
        let vary = request.queryItems.first { $0.name == "vary" }?.value
        if let vary { headers.append(("Vary", vary)) }
        let ifNoneMatch = request.headers.first(name: "if-none-match")
        let notModified =
            ifNoneMatch.map { $0 == etag || $0 == "*" } ?? (request.headers.first(name: "if-modified-since") != nil)
        if notModified {
            state.recordNotModified(path: request.path)
            return MockResponse(status: 304, headers: headers)
        }
        let served = state.nextCacheServe(path: request.path)
        var fields: [(String, MockJSONValue)] = [("served", .int(served)), ("version", .string(version))]
        if let vary { fields.append(("variant", .string(request.headers.first(name: vary) ?? ""))) }
        return .json(.object(fields), headers: headers)
    }
}
