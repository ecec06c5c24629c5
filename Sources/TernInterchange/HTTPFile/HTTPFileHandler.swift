import Foundation
import Tern
import TernWorkspace

/// A spec's `capture:` and `expect:` written as the `> {% … %}` response handler the JetBrains client, kulala
/// and httpyac run (`client.global.set`, `client.assert`), which `tern import http` reads back into the same
/// captures and expectations. What a handler cannot say the same way is a `#` comment naming it.
enum HTTPFileHandler {
    /// The handler's lines (none when the spec captures and expects nothing it can say), and the comments
    /// for the rest.
    static func lines(for spec: SpecDefinition) -> (handler: [String], comments: [String]) {
        var statements: [String] = []
        var comments: [String] = []
        for rule in spec.capture {
            if let value = value(rule.source) {
                statements.append("client.global.set(\(quoted(rule.name)), \(value));")
            } else {
                comments.append("# capture \(rule.name): \(describe(rule.source)) (Tern's; no handler says it)")
            }
        }
        for expectation in spec.expect {
            if let (condition, message) = condition(expectation) {
                statements.append("client.assert(\(condition), \(quoted(message)));")
            } else {
                comments.append("# expect: \(describe(expectation)) (Tern checks it; no handler says it)")
            }
        }
        guard !statements.isEmpty else { return ([], comments) }
        return (["> {%"] + statements.map { "    " + $0 } + ["%}"], comments)
    }

    /// `response.body.a.b` for `$.a.b`, `response.headers.valueOf("X")`, `response.status`.
    private static func value(_ source: CaptureRule.Source) -> String? {
        switch source {
        case .json(let path): expression(path)
        case .header(let name): #"response.headers.valueOf(\#(quoted(name)))"#
        case .status: "response.status"
        case .cookie, .regex: nil
        }
    }

    /// The condition `client.assert` checks, in the forms the importer maps back.
    private static func condition(_ expectation: ResponseExpectation) -> (String, message: String)? {
        switch expectation {
        case .status(.exactly(let code)): return ("response.status === \(code)", "status \(code)")
        case .json(let path, .equals(let value)):
            guard let left = expression(path), let right = scalar(value) else { return nil }
            return ("\(left) === \(right)", "\(path) as expected")
        case .json(let path, .type(let type)):
            guard let left = expression(path) else { return nil }
            if type == "integer" { return ("Number.isInteger(\(left))", "\(path) is an integer") }
            guard ["string", "number", "boolean", "object"].contains(type) else { return nil }
            return ("typeof \(left) === \(quoted(type))", "\(path) is a \(type)")
        case .header(let name, .equals(let value)):
            return (#"response.headers.valueOf(\#(quoted(name))) === \#(quoted(value))"#, "\(name) as expected")
        case .header(let name, .contains(let value)):
            return (#"response.headers.valueOf(\#(quoted(name))).includes(\#(quoted(value)))"#, "\(name) as expected")
        default: return nil
        }
    }

    /// `$.a.b[0]` as `response.body.a.b[0]`, when the path is names and indexes only.
    private static func expression(_ path: String) -> String? {
        guard path.hasPrefix("$"),
            path.dropFirst().range(of: #"^(\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]+\])*$"#, options: .regularExpression)
                != nil
        else { return nil }
        return "response.body" + path.dropFirst()
    }

    /// A JSON scalar as a JavaScript literal.
    private static func scalar(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): quoted(text)
        case .int, .double, .bool, .null:
            value == .null ? "null" : value.scalarText
        case .array, .object: nil
        }
    }

    /// A JavaScript string literal (JSON's quoting is JavaScript's).
    private static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// What an expectation checks, in a few words.
    private static func describe(_ expectation: ResponseExpectation) -> String {
        switch expectation {
        case .status(let status):
            switch status {
            case .exactly(let code): "status \(code)"
            case .inClass(let digit): "status \(digit)xx"
            case .oneOf(let codes): "status one of \(codes.map(String.init).joined(separator: ", "))"
            case .template(let text): "status \(text)"
            }
        case .header(let name, _): "a check of the header \(name)"
        case .json(let path, _): "a check of \(path)"
        case .body: "a check of the body"
        case .durationUnder(let seconds): "an answer within \(Int((seconds * 1000).rounded())) ms"
        case .timing(let phase, let comparison, let milliseconds):
            "\(phase.rawValue) \(comparison.rawValue) \(milliseconds) ms"
        case .schema: "the body against a JSON Schema"
        case .openAPIContract: "the answer against the OpenAPI operation"
        case .grpcStatus(let code): "gRPC status \(GRPCStatus.Code(rawValue: code).name)"
        case .graphQLNoErrors: "a GraphQL answer without errors"
        }
    }

    private static func describe(_ source: CaptureRule.Source) -> String {
        switch source {
        case .json(let path): path
        case .header(let name): "{header: \(name)}"
        case .cookie(let name): "{cookie: \(name)}"
        case .status: "status"
        case .regex(let pattern, let group): "{regex: \(pattern), group: \(group)}"
        }
    }
}
