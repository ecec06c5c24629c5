import Foundation

/// Postman URLs (a string, or an object with `raw` and/or `protocol`/`host`/`port`/`path`/`query`/
/// `variable`) and header lists, as a draft's URL, query rows and path variables.
enum PostmanURL {
    /// A URL without its query, its query rows and its path variables (`:id` → `{{id}}`).
    struct Parsed {
        var url: String
        var query: [RequestDraft.Row]
        var variables: [(String, String)] = []
    }

    /// A URL node.
    static func read(_ node: JSONNode) throws(ImportError) -> Parsed {
        if let raw = node.string { return parse(raw: raw) }
        guard node.isObject else {
            throw ImportError("a URL must be a string or an object, not \(node.kind)", at: node.pointer)
        }
        var parsed = parse(raw: node.text("raw") ?? "")
        if node["host"] != nil || node["path"] != nil {
            var url = node.text("protocol").map { $0 + "://" } ?? ""
            url += joined(node["host"], separator: ".")
            if let port = node.text("port"), !port.isEmpty { url += ":" + port }
            let path = joined(node["path"], separator: "/")
            if !path.isEmpty || node["path"]?.elements?.isEmpty == false {
                url += path.hasPrefix("/") ? path : "/" + path
            }
            parsed.url = convertPathVariables(url)
        }
        if node["query"] != nil {
            let entries = try node.list("query")
            // A name without a value (`?pretty`, `"value": null`) has no row form: the query stays in
            // the URL as written, so the request keeps it byte for byte.
            let bare = entries.contains {
                $0.text("key") != nil && $0["disabled"]?.bool != true && $0.text("value") == nil
            }
            if bare {
                let written = entries.filter { $0["disabled"]?.bool != true }.compactMap { entry -> String? in
                    guard let key = entry.text("key") else { return nil }
                    return entry.text("value").map { key + "=" + $0 } ?? key
                }
                parsed.url += "?" + written.joined(separator: "&")
                parsed.query = []
            } else {
                parsed.query = entries.compactMap { entry in
                    guard let key = entry.text("key") else { return nil }
                    return RequestDraft.Row(
                        name: decode(key), value: decode(entry.text("value") ?? ""),
                        disabled: entry["disabled"]?.bool == true)
                }
            }
        }
        for variable in try node.list("variable") {
            guard let key = variable.text("key") ?? variable.text("id") else { continue }
            parsed.variables.append((key, variable.text("value") ?? ""))
        }
        return parsed
    }

    /// A raw URL: the query split off and decoded, the fragment dropped, `:name` segments converted.
    static func parse(raw: String) -> Parsed {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        var query: [RequestDraft.Row] = []
        if let mark = text.firstIndex(of: "?") {
            let queryText = text[text.index(after: mark)...]
            text = String(text[..<mark])
            for pair in queryText.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = decode(String(parts[0]))
                let value = parts.count > 1 ? decode(String(parts[1])) : ""
                query.append(RequestDraft.Row(name: name, value: value))
            }
        }
        return Parsed(url: convertPathVariables(text), query: query)
    }

    /// Headers: a list of `{key, value, disabled}` or (v2.0) a `Name: value` per line string.
    static func headers(_ node: JSONNode?) throws(ImportError) -> [RequestDraft.Row] {
        guard let node else { return [] }
        if let text = node.string {
            return text.split(whereSeparator: \.isNewline).compactMap { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                return RequestDraft.Row(
                    name: parts[0].trimmingCharacters(in: .whitespaces),
                    value: parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let entries = node.elements else {
            throw ImportError("'header' must be a list, not \(node.kind)", at: node.pointer)
        }
        return entries.compactMap { entry in
            guard let key = entry.text("key"), !key.isEmpty else { return nil }
            return RequestDraft.Row(
                name: key, value: entry.text("value") ?? "", disabled: entry["disabled"]?.bool == true)
        }
    }

    /// `:name` path segments as `{{name}}` (the host part is left alone).
    static func convertPathVariables(_ url: String) -> String {
        let rest = DraftAssembler.split(url).rest
        guard rest.contains("/:") else { return url }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.count > 1 && segment.hasPrefix(":") ? "{{\(segment.dropFirst())}}" : String(segment)
        }
        return String(url.dropLast(rest.count)) + segments.joined(separator: "/")
    }

    private static func joined(_ node: JSONNode?, separator: String) -> String {
        guard let node else { return "" }
        if let text = node.text { return text }
        return (node.elements ?? []).compactMap { $0.text ?? $0.text("value") }.joined(separator: separator)
    }

    private static func decode(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }
}
