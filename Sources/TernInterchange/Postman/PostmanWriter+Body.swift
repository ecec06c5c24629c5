import Foundation
import Tern
import TernWorkspace

extension PostmanWriter {
    /// A body as Postman writes it: JSON and text as `raw` (with their language), form as
    /// `urlencoded`, multipart as `formdata`, a file as `file`, GraphQL as `graphql`.
    mutating func body(_ body: BodyDefinition) -> JSONValue {
        switch body {
        case .json(let value):
            let text = jsonText(convertLeaves(value))
            return ["mode": "raw", "raw": .string(text), "options": ["raw": ["language": "json"]]]
        case .text(let text):
            return ["mode": "raw", "raw": .string(convert(text)), "options": ["raw": ["language": "text"]]]
        case .form(let pairs):
            var fields: [JSONValue] = []
            for pair in pairs {
                fields.append(
                    .object(["key": .string(pair.name), "value": .string(convert(pair.value)), "type": "text"]))
            }
            return ["mode": "urlencoded", "urlencoded": .array(fields)]
        case .file(let path):
            return ["mode": "file", "file": ["src": .string(convert(path))]]
        case .multipart(let parts):
            var fields: [JSONValue] = []
            for part in parts {
                var object: [String: JSONValue] = ["key": .string(part.name)]
                if let file = part.file {
                    object["type"] = "file"
                    object["src"] = .string(convert(file))
                } else {
                    object["type"] = "text"
                    object["value"] = .string(convert(part.value ?? ""))
                }
                if let contentType = part.contentType { object["contentType"] = .string(contentType) }
                fields.append(.object(object))
            }
            return ["mode": "formdata", "formdata": .array(fields)]
        case .graphql(let graphQL):
            var fields: [String: JSONValue] = ["query": .string(graphQL.query), "variables": ""]
            if let variables = graphQL.variables { fields["variables"] = .string(jsonText(convertLeaves(variables))) }
            if let name = graphQL.operationName { fields["operationName"] = .string(name) }
            return ["mode": "graphql", "graphql": .object(fields)]
        }
    }

    /// A sample as a saved response.
    func response(_ sample: SampleDefinition, request: [String: JSONValue]) -> JSONValue {
        let body: String =
            switch sample.body {
            case .null: ""
            case .string(let text): text
            default: jsonText(sample.body)
            }
        let headers: [JSONValue] = sample.headers.map {
            .object(["key": .string($0.name), "value": .string($0.value)])
        }
        return .object([
            "name": "sample", "code": .int(sample.status), "header": .array(headers), "body": .string(body),
            "originalRequest": .object(request),
        ])
    }

    private mutating func convertLeaves(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(convert(text))
        case .array(let items):
            var converted: [JSONValue] = []
            for item in items { converted.append(convertLeaves(item)) }
            return .array(converted)
        case .object(let members):
            var converted: [String: JSONValue] = [:]
            for (key, member) in members { converted[key] = convertLeaves(member) }
            return .object(converted)
        default: return value
        }
    }
}
