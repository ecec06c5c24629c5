import Foundation
import Tern
import TernJSONPath
import TernJSONSchema
import Yams

extension SpecReader {
    /// `expect:` — status, headers, json, body, duration, schema.
    mutating func expect(_ node: Node) throws(WorkspaceError) -> [ResponseExpectation] {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return [] }
        let fields = try reader.fields(
            node, of: "'expect'",
            allowed: [
                "status", "headers", "json", "body", "duration", "timing", "schema", "schemaFormats", "openapi",
                "graphql",
            ])
        var result: [ResponseExpectation] = []
        if let status = fields["status"] {
            // A gRPC status is a name (OK, NOT_FOUND) or a code from 0 to 16: no HTTP status is either.
            if let code = try grpcStatus(status) {
                result.append(.grpcStatus(code))
            } else {
                result.append(.status(try self.status(status)))
            }
        }
        if let headers = fields["headers"] {
            for (name, keyNode, value) in try reader.entries(headers, of: "'expect.headers'") {
                _ = keyNode
                result.append(.header(name, try textCheck(value, field: "expect.headers.\(name)")))
            }
        }
        if let json = fields["json"] {
            var checks: [ResponseExpectation] = []
            var layout = self.layout
            for (path, keyNode, value) in try reader.entries(json, of: "'expect.json'") {
                let field = "expect.json.\(path)"
                _ = try reader.jsonPath(keyNode, field: field)
                for check in try jsonChecks(value, field: field, layout: &layout) { checks.append(.json(path, check)) }
            }
            result += checks
        }
        if let body = fields["body"] { result.append(.body(try textCheck(body, field: "expect.body"))) }
        if let graphQL = fields["graphql"] {
            let checks = try reader.fields(graphQL, of: "'expect.graphql'", allowed: ["errors"])
            if let errors = checks["errors"] {
                _ = try reader.oneOf(errors, field: "expect.graphql.errors", allowed: ["none"])
                result.append(.graphQLNoErrors)
            }
        }
        if let duration = fields["duration"] { result.append(.durationUnder(try milliseconds(duration))) }
        if let timing = fields["timing"] { result += try self.timing(timing) }
        if let schema = fields["schema"] {
            var layout = SpecLayout()
            let value = try reader.json(schema, path: "expect/schema", layout: &layout)
            // A boolean is a whole schema too: `true` takes any JSON body, `false` none.
            switch value {
            case .object, .bool: break
            default:
                throw reader.error(
                    "'expect.schema' must be a JSON Schema: an object, or true (any JSON) or false (none)",
                    at: schema)
            }
            // Checked now for what it says itself; the files its `$ref`s name are read when it is used.
            do throws(JSONSchemaError) {
                _ = try JSONSchema(
                    value.pathValue, baseURI: "file:///", registry: JSONSchemaRegistry { _ in .bool(true) })
            } catch {
                throw reader.error("'expect.schema' is not a valid JSON Schema: \(error.description)", at: schema)
            }
            var assertFormats = false
            if let formats = fields["schemaFormats"] {
                switch try reader.string(formats, field: "expect.schemaFormats") {
                case "assert": assertFormats = true
                case "annotate": assertFormats = false
                default: throw reader.error("'expect.schemaFormats' is 'assert' or 'annotate'", at: formats)
                }
            }
            result.append(.schema(value, assertFormats: assertFormats))
        } else if let formats = fields["schemaFormats"] {
            throw reader.error("'expect.schemaFormats' needs an 'expect.schema'", at: formats)
        }
        if let openapi = fields["openapi"], try reader.bool(openapi, field: "expect.openapi") {
            result.append(.openAPIContract)
        }
        return result
    }

    /// `OK`, `NOT_FOUND`, `not_found` or a number from 0 to 16: a gRPC status code; `nil` for anything else.
    private func grpcStatus(_ node: Node) throws(WorkspaceError) -> Int? {
        guard case .scalar(let scalar) = node else { return nil }
        let text = scalar.string.trimmingWhitespace()
        if let number = Int(text) { return (0...16).contains(number) ? number : nil }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0 == "_" }), !text.lowercased().hasSuffix("xx") else {
            return nil
        }
        guard let code = GRPCStatus.Code(named: text), code.rawValue <= 16 else {
            throw reader.error(
                "'expect.status' '\(text)' is no gRPC status (OK, CANCELLED, UNKNOWN, INVALID_ARGUMENT, "
                    + "DEADLINE_EXCEEDED, NOT_FOUND, …, UNAUTHENTICATED) nor an HTTP status", at: node)
        }
        return code.rawValue
    }

    /// `200`, `"2xx"`, or `[200, 201]`.
    private func status(_ node: Node) throws(WorkspaceError) -> StatusExpectation {
        if case .sequence(let items) = node {
            var codes: [Int] = []
            for item in items { codes.append(try statusCode(item)) }
            return .oneOf(codes)
        }
        let text = try reader.string(node, field: "expect.status").lowercased()
        if Template.mayContainReferences(text) { return .template(try reader.string(node, field: "expect.status")) }
        if text.count == 3, text.hasSuffix("xx"), let digit = text.first?.wholeNumberValue, (1...5).contains(digit) {
            return .inClass(digit)
        }
        return .exactly(try statusCode(node))
    }

    private func statusCode(_ node: Node) throws(WorkspaceError) -> Int {
        let code = try reader.int(node, field: "expect.status")
        guard (100...599).contains(code) else {
            throw reader.error("'expect.status' must be a status from 100 to 599, a class (2xx) or a list", at: node)
        }
        return code
    }

    /// `TEXT` (equals) or `{equals|contains|matches: TEXT}` or `{exists: BOOL}`.
    private mutating func textCheck(_ node: Node, field: String) throws(WorkspaceError) -> TextCheck {
        if case .scalar = node { return .equals(try reader.string(node, field: field)) }
        let fields = try reader.fields(node, of: "'\(field)'", allowed: ["equals", "contains", "matches", "exists"])
        guard fields.keys.count == 1, let kind = fields.keys.first, let value = fields[kind] else {
            throw reader.error("'\(field)' needs exactly one of equals, contains, matches or exists", at: node)
        }
        switch kind {
        case "equals": return .equals(try reader.string(value, field: "\(field).equals"))
        case "contains": return .contains(try reader.string(value, field: "\(field).contains"))
        case "matches": return .matches(try reader.regex(value, field: "\(field).matches"))
        default: return .exists(try reader.bool(value, field: "\(field).exists"))
        }
    }

    /// A scalar (equals) or a mapping of checks: equals, notEquals, exists, type, matches, contains,
    /// `<`, `<=`, `>`, `>=`, count.
    private mutating func jsonChecks(
        _ node: Node, field: String, layout: inout SpecLayout
    ) throws(WorkspaceError) -> [JSONCheck] {
        guard case .mapping = node else {
            return [.equals(try reader.json(node, path: "expect/json", layout: &layout))]
        }
        let comparisons = JSONCheck.Comparison.allCases.map(\.rawValue)
        let allowed = ["equals", "notEquals", "exists", "type", "matches", "contains", "count"] + comparisons
        let fields = try reader.fields(node, of: "'\(field)'", allowed: allowed)
        var checks: [JSONCheck] = []
        for key in fields.keys {
            guard let value = fields[key] else { continue }
            switch key {
            case "equals": checks.append(.equals(try reader.json(value, path: "expect/json", layout: &layout)))
            case "notEquals": checks.append(.notEquals(try reader.json(value, path: "expect/json", layout: &layout)))
            case "exists": checks.append(.exists(try reader.bool(value, field: "\(field).exists")))
            case "type":
                let types = ["string", "number", "integer", "boolean", "array", "object", "null"]
                checks.append(.type(try reader.oneOf(value, field: "\(field).type", allowed: types)))
            case "matches": checks.append(.matches(try reader.regex(value, field: "\(field).matches")))
            case "contains": checks.append(.contains(try reader.json(value, path: "expect/json", layout: &layout)))
            case "count":
                let count = try reader.int(value, field: "\(field).count")
                guard count >= 0 else { throw reader.error("'\(field).count' must not be negative", at: value) }
                checks.append(.count(count))
            default:
                guard let comparison = JSONCheck.Comparison(rawValue: key) else { continue }
                checks.append(.compare(comparison, try reader.double(value, field: "\(field).\(key)")))
            }
        }
        guard !checks.isEmpty else { throw reader.error("'\(field)' has no check", at: node) }
        return checks
    }

    /// `expect.timing`: each phase's budget in milliseconds, a number (`totalMs: 200`, under it) or
    /// comparisons (`{lt: 200}`, `{"<=": 50, gt: 1}`; `lt`, `lte`, `gt`, `gte` or `<`, `<=`, `>`, `>=`).
    private mutating func timing(_ node: Node) throws(WorkspaceError) -> [ResponseExpectation] {
        let phases = TimingPhase.allCases.map(\.rawValue)
        let names: [String: JSONCheck.Comparison] = [
            "lt": .less, "lte": .lessOrEqual, "gt": .greater, "gte": .greaterOrEqual, "<": .less,
            "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual,
        ]
        let fields = try reader.fields(node, of: "'expect.timing'", allowed: phases)
        try refuseUnknown(fields, in: "expect.timing", naming: "phase", allowed: phases)
        var result: [ResponseExpectation] = []
        for name in phases {
            guard let value = fields[name], let phase = TimingPhase(rawValue: name) else { continue }
            let field = "expect.timing.\(name)"
            func budget(_ node: Node, _ field: String) throws(WorkspaceError) -> Double {
                let number = try reader.double(node, field: field)
                guard number.isFinite, number >= 0, number <= 86_400_000 else {
                    throw reader.error("'\(field)' must be milliseconds from 0 to a day (86400000)", at: node)
                }
                return number
            }
            guard case .mapping = value else {
                result.append(.timing(phase, .less, try budget(value, field)))
                continue
            }
            let allowed = ["lt", "lte", "gt", "gte", "<", "<=", ">", ">="]
            let comparisons = try reader.fields(value, of: "'\(field)'", allowed: allowed)
            try refuseUnknown(comparisons, in: field, naming: "comparison", allowed: allowed)
            guard !comparisons.keys.isEmpty else { throw reader.error("'\(field)' has no comparison", at: value) }
            for key in ["lt", "<", "lte", "<=", "gt", ">", "gte", ">="] {
                guard let bound = comparisons[key], let comparison = names[key] else { continue }
                result.append(.timing(phase, comparison, try budget(bound, "\(field).\(key)")))
            }
        }
        guard !result.isEmpty else { throw reader.error("'expect.timing' has no phase", at: node) }
        return result
    }

    /// A budget's unknown key is an error, not a warning: a misspelled phase would check nothing.
    private func refuseUnknown(_ fields: Fields, in field: String, naming kind: String, allowed: [String])
        throws(WorkspaceError)
    {
        guard let (key, node) = fields.unknown.first else { return }
        let close = Suggestions.closeMatches(to: key, in: allowed)
        let hint = close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"
        throw reader.error(
            "'\(field).\(key)' is not a \(kind)\(hint); one of \(allowed.joined(separator: ", "))", at: node)
    }

    /// `500` (milliseconds), `"500ms"`, `"2s"`: returned in seconds.
    private func milliseconds(_ node: Node) throws(WorkspaceError) -> Double {
        let field = "expect.duration"
        let text = try reader.string(node, field: field).trimmingWhitespace()
        let (number, scale): (Substring, Double) =
            if text.hasSuffix("ms") { (text.dropLast(2), 0.001) } else if text.hasSuffix("s") {
                (text.dropLast(), 1)
            } else { (Substring(text), 0.001) }
        guard let value = Double(number.trimmingWhitespace()), value.isFinite, value > 0,
            value * scale <= 86_400
        else {
            throw reader.error(
                "'\(field)' must be a time under a day: 500 (milliseconds), \"500ms\" or \"2s\"", at: node)
        }
        return value * scale
    }
}
