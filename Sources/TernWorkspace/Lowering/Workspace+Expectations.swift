import Foundation
import Tern

extension Workspace {
    /// `entry`'s expectations with their `{{…}}` rendered in `context`: the texts a header, the body or
    /// a JSON value is compared with, patterns, and a templated status. A JSON value that is exactly
    /// one `{{name}}` takes the type of what it renders to, so `"{{id}}"` with `id` = `7` equals the
    /// number 7; one that is a typed reference (`{{id:number}}`, `{{tags:json}}`) must convert to its type.
    /// Schemas are not templated. An undefined variable is an error naming the spec's file.
    public func expectations(for entry: SpecEntry, context: TemplateContext = TemplateContext())
        throws(WorkspaceError) -> [ResponseExpectation]
    {
        let expectations = entry.spec.expect
        guard expectations.contains(where: \.hasTemplates) else { return expectations }
        let renderer = try TemplateRenderer(workspace: self, context: context)
        let location = entry.spec.layout[location: "expect"]
        func render(_ text: String) throws(WorkspaceError) -> String {
            try renderer.render(text, file: entry.file, at: location)
        }
        func pattern(_ text: String) throws(WorkspaceError) -> String {
            let rendered = try render(text)
            let valid = (try? NSRegularExpression(pattern: rendered)) != nil
            if let problem = valid ? RegexSafety.problem(in: rendered) : "not a valid regular expression" {
                throw WorkspaceError(
                    .invalidRequest, "the pattern '\(rendered)' of 'expect' (once rendered): \(problem)",
                    file: entry.file, at: location)
            }
            return rendered
        }
        func render(_ check: TextCheck) throws(WorkspaceError) -> TextCheck {
            switch check {
            case .equals(let text): .equals(try render(text))
            case .contains(let text): .contains(try render(text))
            case .matches(let text): .matches(try pattern(text))
            case .exists: check
            }
        }
        func render(_ value: JSONValue) throws(WorkspaceError) -> JSONValue {
            try value.renderingStrings { text throws(WorkspaceError) in
                guard Template.mayContainReferences(text) else { return .string(text) }
                let rendered = try render(text)
                if let reference = Template.whole(text), let type = reference.type {
                    return try renderer.typed(rendered, as: type, reference: reference, file: entry.file, at: location)
                }
                let references = Template.references(in: text)
                let whole =
                    references.count == 1 && text.trimmingWhitespace().hasPrefix("{{")
                    && text.trimmingWhitespace().hasSuffix("}}")
                return whole ? Self.typed(rendered) : .string(rendered)
            }
        }
        var result: [ResponseExpectation] = []
        for expectation in expectations {
            switch expectation {
            case .status(.template(let text)):
                let rendered = try render(text)
                guard let status = StatusExpectation(parsing: rendered), status != .template(rendered) else {
                    throw WorkspaceError(
                        .invalidRequest,
                        "'expect.status' is '\(rendered)' once rendered; it must be a status from 100 to 599, "
                            + "a class (2xx) or codes separated by commas", file: entry.file, at: location)
                }
                result.append(.status(status))
            case .header(let name, let check): result.append(.header(name, try render(check)))
            case .body(let check): result.append(.body(try render(check)))
            case .json(let path, let check):
                let rendered: JSONCheck =
                    switch check {
                    case .equals(let value): .equals(try render(value))
                    case .notEquals(let value): .notEquals(try render(value))
                    case .contains(let value): .contains(try render(value))
                    case .matches(let text): .matches(try pattern(text))
                    case .exists, .type, .compare, .count: check
                    }
                result.append(.json(path, rendered))
            case .status, .durationUnder, .timing, .schema, .openAPIContract, .grpcStatus, .graphQLNoErrors:
                result.append(expectation)
            }
        }
        return result
    }

    /// A rendered value as the JSON it reads as when it is a number, `true`, `false` or `null`, else a string.
    static func typed(_ text: String) -> JSONValue {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if let integer = Int(text) { return .int(integer) }
            let looksNumeric = text.first.map { $0 == "-" || $0.isASCII && $0.isNumber } ?? false
            if looksNumeric, let double = Double(text), double.isFinite { return .double(double) }
            return .string(text)
        }
    }
}

extension ResponseExpectation {
    /// Whether a string of it holds a `{{…}}` reference (schemas aside).
    var hasTemplates: Bool {
        func text(_ check: TextCheck) -> Bool {
            switch check {
            case .equals(let text), .contains(let text), .matches(let text): Template.mayContainReferences(text)
            case .exists: false
            }
        }
        func json(_ value: JSONValue) -> Bool {
            switch value {
            case .string(let text): Template.mayContainReferences(text)
            case .array(let items): items.contains(where: json)
            case .object(let members): members.values.contains(where: json)
            default: false
            }
        }
        switch self {
        case .status(.template): return true
        case .header(_, let check), .body(let check): return text(check)
        case .json(_, let check):
            switch check {
            case .equals(let value), .notEquals(let value), .contains(let value): return json(value)
            case .matches(let pattern): return Template.mayContainReferences(pattern)
            case .exists, .type, .compare, .count: return false
            }
        case .status, .durationUnder, .timing, .schema, .openAPIContract, .grpcStatus, .graphQLNoErrors: return false
        }
    }
}
