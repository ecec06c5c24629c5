import Foundation

/// Checks a document against HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): every
/// required key of log, creator, entries, request, response, content, cache and timings is present
/// with the right JSON type. Returns the problems found, as paths.
enum HARCheck {
    private enum Kind { case string, number, object, array }

    static func problems(in data: Data) -> [String] {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return ["not a JSON object"]
        }
        var found: [String] = []
        guard let log = require(root, "log", .object, at: "", &found) as? [String: Any] else { return found }
        require(log, "version", .string, at: "log", &found)
        if let creator = require(log, "creator", .object, at: "log", &found) as? [String: Any] {
            require(creator, "name", .string, at: "log.creator", &found)
            require(creator, "version", .string, at: "log.creator", &found)
        }
        let entries = require(log, "entries", .array, at: "log", &found) as? [Any] ?? []
        for (index, item) in entries.enumerated() {
            let path = "log.entries[\(index)]"
            guard let entry = item as? [String: Any] else {
                found.append("\(path) is not an object")
                continue
            }
            if let date = require(entry, "startedDateTime", .string, at: path, &found) as? String,
                ISO8601DateFormatter.withFraction.date(from: date) == nil
            {
                found.append("\(path).startedDateTime is not ISO 8601")
            }
            require(entry, "time", .number, at: path, &found)
            require(entry, "cache", .object, at: path, &found)
            if let timings = require(entry, "timings", .object, at: path, &found) as? [String: Any] {
                for key in ["send", "wait", "receive"] { require(timings, key, .number, at: path + ".timings", &found) }
            }
            if let request = require(entry, "request", .object, at: path, &found) as? [String: Any] {
                let at = path + ".request"
                for key in ["method", "url", "httpVersion"] { require(request, key, .string, at: at, &found) }
                for key in ["cookies", "headers", "queryString"] { pairs(request, key, at: at, &found) }
                for key in ["headersSize", "bodySize"] { require(request, key, .number, at: at, &found) }
                if let post = request["postData"] as? [String: Any] {
                    require(post, "mimeType", .string, at: at + ".postData", &found)
                }
            }
            if let response = require(entry, "response", .object, at: path, &found) as? [String: Any] {
                let at = path + ".response"
                for key in ["statusText", "httpVersion", "redirectURL"] {
                    require(response, key, .string, at: at, &found)
                }
                for key in ["status", "headersSize", "bodySize"] { require(response, key, .number, at: at, &found) }
                for key in ["cookies", "headers"] { pairs(response, key, at: at, &found) }
                if let content = require(response, "content", .object, at: at, &found) as? [String: Any] {
                    require(content, "size", .number, at: at + ".content", &found)
                    require(content, "mimeType", .string, at: at + ".content", &found)
                }
            }
        }
        return found
    }

    /// An array of `{name, value}` string pairs.
    private static func pairs(_ object: [String: Any], _ key: String, at path: String, _ found: inout [String]) {
        guard let list = require(object, key, .array, at: path, &found) as? [Any] else { return }
        for (index, item) in list.enumerated() {
            guard let pair = item as? [String: Any] else {
                found.append("\(path).\(key)[\(index)] is not an object")
                continue
            }
            require(pair, "name", .string, at: "\(path).\(key)[\(index)]", &found)
            require(pair, "value", .string, at: "\(path).\(key)[\(index)]", &found)
        }
    }

    @discardableResult
    private static func require(
        _ object: [String: Any], _ key: String, _ kind: Kind, at path: String, _ found: inout [String]
    ) -> Any? {
        guard let value = object[key] else {
            found.append("\(path).\(key) is missing")
            return nil
        }
        let fits: Bool
        switch kind {
        case .string: fits = value is String
        case .number: fits = value is NSNumber || value is Int || value is Double
        case .object: fits = value is [String: Any]
        case .array: fits = value is [Any]
        }
        if !fits { found.append("\(path).\(key) is not a \(kind)") }
        return value
    }
}

extension ISO8601DateFormatter {
    /// ISO 8601 with fractional seconds, as HAR writes dates.
    static var withFraction: ISO8601DateFormatter {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format
    }
}
