import Foundation
import Tern
import Yams

extension SpecWriter {
    /// `requires:` in the short form where the policy is the default.
    func requires() -> Node {
        Node(
            spec.requires.map { dependency in
                dependency.policy == .whenMissing
                    ? Self.string(dependency.spec)
                    : Self.mapping([
                        ("spec", Self.string(dependency.spec)), ("send", Self.string(dependency.policy.rawValue)),
                    ])
            })
    }

    /// `capture:` in the forms the reader takes.
    func capture() -> Node {
        Self.mapping(
            spec.capture.map { rule in
                let value: Node =
                    switch rule.source {
                    case .json(let path): Self.string(path)
                    case .status: Self.string("status")
                    case .header(let name): Self.mapping([("header", Self.string(name))])
                    case .cookie(let name): Self.mapping([("cookie", Self.string(name))])
                    case .regex(let pattern, let group):
                        Self.mapping(
                            [("regex", Self.string(pattern))]
                                + (group == 0 ? [] : [("group", Self.number(Double(group), preferInteger: true))]))
                    }
                return (rule.name, value)
            })
    }

    /// `expect:`, grouping header and JSON checks under their names and paths in the order read.
    func expect() -> Node {
        var entries: [(String, Node)] = []
        var headers: [(String, Node)] = []
        var json: [(String, [(String, Node)])] = []
        var timing: [(String, [(String, Node)])] = []
        for expectation in spec.expect {
            switch expectation {
            case .status(let status): entries.append(("status", Self.status(status)))
            case .header(let name, let check): headers.append((name, Self.text(check)))
            case .json(let path, let check):
                let pair = jsonCheck(check)
                if let index = json.firstIndex(where: { $0.0 == path }) {
                    json[index].1.append(pair)
                } else {
                    json.append((path, [pair]))
                }
            case .body(let check): entries.append(("body", Self.text(check)))
            case .durationUnder(let seconds):
                entries.append(("duration", Self.number((seconds * 1000).rounded(), preferInteger: true)))
            case .timing(let phase, let comparison, let milliseconds):
                let key = ["<": "lt", "<=": "lte", ">": "gt", ">=": "gte"][comparison.rawValue] ?? "lt"
                let check = (key, Self.number(milliseconds, preferInteger: true))
                if let index = timing.firstIndex(where: { $0.0 == phase.rawValue }) {
                    timing[index].1.append(check)
                } else {
                    timing.append((phase.rawValue, [check]))
                }
            case .schema(let schema, let assertFormats):
                entries.append(("schema", self.json(schema, at: "expect/schema")))
                if assertFormats { entries.append(("schemaFormats", Self.string("assert"))) }
            case .openAPIContract: entries.append(("openapi", Node("true")))
            case .grpcStatus(let code): entries.append(("status", Self.string(GRPCStatus.Code(rawValue: code).name)))
            case .graphQLNoErrors: entries.append(("graphql", Self.mapping([("errors", Self.string("none"))])))
            }
        }
        if !headers.isEmpty { entries.append(("headers", Self.mapping(headers))) }
        if !timing.isEmpty { entries.append(("timing", Self.mapping(timing.map { ($0.0, Self.mapping($0.1)) }))) }
        if !json.isEmpty {
            entries.append(("json", Self.mapping(json.map { ($0.0, Self.mapping($0.1)) })))
        }
        let order = [
            "status", "headers", "json", "body", "duration", "timing", "schema", "schemaFormats", "openapi", "graphql",
        ]
        return Self.mapping(entries.sorted { order.firstIndex(of: $0.0) ?? 0 < order.firstIndex(of: $1.0) ?? 0 })
    }

    private static func status(_ status: StatusExpectation) -> Node {
        switch status {
        case .exactly(let code): number(Double(code), preferInteger: true)
        case .inClass(let digit): string("\(digit)xx")
        case .oneOf(let codes): Node(codes.map { number(Double($0), preferInteger: true) })
        case .template(let text): string(text)
        }
    }

    private static func text(_ check: TextCheck) -> Node {
        switch check {
        case .equals(let text): mapping([("equals", string(text))])
        case .contains(let text): mapping([("contains", string(text))])
        case .matches(let pattern): mapping([("matches", string(pattern))])
        case .exists(let exists): mapping([("exists", Node(exists ? "true" : "false"))])
        }
    }

    private func jsonCheck(_ check: JSONCheck) -> (String, Node) {
        switch check {
        case .equals(let value): ("equals", json(value, at: "expect/json"))
        case .notEquals(let value): ("notEquals", json(value, at: "expect/json"))
        case .exists(let exists): ("exists", Node(exists ? "true" : "false"))
        case .type(let type): ("type", Self.string(type))
        case .matches(let pattern): ("matches", Self.string(pattern))
        case .contains(let value): ("contains", json(value, at: "expect/json"))
        case .compare(let comparison, let number): (comparison.rawValue, Self.number(number, preferInteger: true))
        case .count(let count): ("count", Self.number(Double(count), preferInteger: true))
        }
    }
}
