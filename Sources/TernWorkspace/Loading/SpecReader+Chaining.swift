import Foundation
import Tern
import TernJSONPath
import Yams

extension SpecReader {
    /// `requires: [ID | {spec: ID, send: POLICY}]`.
    mutating func requires(_ node: Node) throws(WorkspaceError) -> [SpecDependency] {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return [] }
        let items: [Node] = if case .sequence(let sequence) = node { Array(sequence) } else { [node] }
        var result: [SpecDependency] = []
        for item in items {
            if case .scalar = item {
                result.append(SpecDependency(spec: try reader.string(item, field: "requires")))
                continue
            }
            let fields = try reader.fields(item, of: "an item of 'requires'", allowed: ["spec", "send"])
            guard let spec = fields["spec"] else {
                throw reader.error(.missingField, "an item of 'requires' needs 'spec: ID'", at: item)
            }
            var dependency = SpecDependency(spec: try reader.string(spec, field: "requires.spec"))
            if let send = fields["send"] {
                dependency.policy = try reader.choice(send, field: "requires.send")
            }
            result.append(dependency)
        }
        return result
    }

    /// `capture: {NAME: $.path | status | {json|header|cookie|regex: ..., group: N}}`.
    mutating func capture(_ node: Node) throws(WorkspaceError) -> [CaptureRule] {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return [] }
        var rules: [CaptureRule] = []
        var reader = self.reader
        try reader.forEachEntry(node, of: "'capture'") { name, _, value throws(WorkspaceError) in
            rules.append(CaptureRule(name: name, source: try captureSource(value, name: name, reader: &reader)))
        }
        self.reader = reader
        return rules
    }

    private func captureSource(
        _ node: Node, name: String, reader: inout NodeReader
    ) throws(WorkspaceError) -> CaptureRule.Source {
        let field = "capture.\(name)"
        if case .scalar = node {
            let text = try reader.string(node, field: field)
            if text == "status" { return .status }
            guard text.hasPrefix("$") else {
                throw reader.error(
                    "'\(field)' must be a JSON path ($.token), 'status', or a mapping with json, header, cookie "
                        + "or regex",
                    at: node)
            }
            return .json(try reader.jsonPath(node, field: field))
        }
        let fields = try reader.fields(node, of: "'\(field)'", allowed: ["json", "header", "cookie", "regex", "group"])
        let kinds = ["json", "header", "cookie", "regex"].filter { fields[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let value = fields[kind] else {
            throw reader.error("'\(field)' needs exactly one of json, header, cookie or regex", at: node)
        }
        switch kind {
        case "json": return .json(try reader.jsonPath(value, field: field + ".json"))
        case "header": return .header(try reader.string(value, field: field + ".header"))
        case "cookie": return .cookie(try reader.string(value, field: field + ".cookie"))
        default:
            let pattern = try reader.regex(value, field: field + ".regex")
            var group = 0
            if let node = fields["group"] {
                group = try reader.int(node, field: field + ".group")
                let groups = (try? NSRegularExpression(pattern: pattern))?.numberOfCaptureGroups ?? 0
                guard (0...groups).contains(group) else {
                    throw reader.error("'\(field).group' must be from 0 to \(groups), the pattern's groups", at: node)
                }
            }
            return .regex(pattern, group: group)
        }
    }
}

extension NodeReader {
    /// A JSONPath (RFC 9535), checked now so a mistake is reported at its line and column.
    func jsonPath(_ node: Node, field: String) throws(WorkspaceError) -> String {
        let text = try string(node, field: field)
        do {
            _ = try JSONPath(text)
        } catch {
            throw self.error("'\(field)': '\(text)' is not a JSONPath: \(error)", at: node)
        }
        return text
    }

    /// A regular expression (ICU syntax), checked now; one with `{{…}}` is checked once rendered
    /// (`Workspace.expectations(for:context:)`).
    func regex(_ node: Node, field: String) throws(WorkspaceError) -> String {
        let pattern = try string(node, field: field)
        guard pattern.utf8.count <= 1_000 else { throw self.error("'\(field)' is longer than 1,000 bytes", at: node) }
        if Template.mayContainReferences(pattern) { return pattern }
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            throw self.error("'\(field)': '\(pattern)' is not a valid regular expression", at: node)
        }
        if let problem = RegexSafety.problem(in: pattern) {
            throw self.error("'\(field)': '\(pattern)': \(problem)", at: node)
        }
        return pattern
    }
}
