package import Foundation
import Tern
import TernWorkspace

/// A header, query parameter or variable as an editor table shows it.
package struct EditableItem: Sendable, Hashable {
    package var name: String
    package var value: String
    /// Off items stay in the spec but are not sent (`disabled:` in the file).
    package var enabled: Bool
    /// For variables: `session` or the environment's name.
    package var origin: String?

    package init(name: String, value: String, enabled: Bool = true, origin: String? = nil) {
        self.name = name
        self.value = value
        self.enabled = enabled
        self.origin = origin
    }
}

/// The selected spec with this session's edits, as the TUI's request editor shows it.
package struct SpecDetail: Sendable, Hashable {
    package var id: String
    package var name: String
    package var method: String
    package var path: String
    package var target: String?
    package var query: [EditableItem]
    package var headers: [EditableItem]
    /// The body as editable text (`BodyText.text(of:)`), and its kind (`json`, `text`, ...).
    package var body: String
    package var bodyKind: String?
    package var transaction: String
    package var edited: Bool
    /// The `auth:` in force as the editor shows it (`digest {{user}}`, `bearer (target)`), never a secret.
    package var auth: String? = nil
    /// The target's headers that are sent with the spec (those it does not override), each with
    /// its origin (`target api`): the Headers tab shows them dimmed, under the spec's own.
    package var inheritedHeaders: [EditableItem] = []
    /// A GraphQL body's variables as JSON, shown under its query.
    package var graphQLVariables: String? = nil
    /// The SDL file the GraphQL operation is checked against, when it is on this machine: its edits in
    /// `$EDITOR` name it for the editor's language server (`ExternalEditor.graphQLSchema`).
    package var graphQLSchema: URL? = nil
}

extension SpecDetail {
    /// `entry` as the editor shows it in `workspace` (`edited`: it has unsaved edits).
    init(_ entry: SpecEntry, edited: Bool, in workspace: Workspace) {
        let spec = entry.spec
        self.init(
            id: entry.id, name: spec.name, method: spec.method, path: spec.path, target: spec.target,
            query: spec.query.map {
                EditableItem(
                    name: $0.name, value: Self.display($0.value), enabled: !spec.disabled.isDisabled(query: $0.name))
            },
            headers: spec.headers.map {
                EditableItem(name: $0.name, value: $0.value, enabled: !spec.disabled.isDisabled(header: $0.name))
            },
            body: BodyText.text(of: spec.body), bodyKind: spec.body?.kind, transaction: spec.transaction.rawValue,
            edited: edited
        )
        if let grpc = spec.grpc {
            // A gRPC call: `GRPC pkg.Service/Method`, its messages as the body.
            method = "GRPC"
            path = grpc.method
            body = GRPCMessageText.text(of: grpc.messages)
            bodyKind = Self.grpcBodyKind
        }
        if case .graphql(let graphQL)? = spec.body, let variables = graphQL.variables {
            graphQLVariables = BodyText.text(of: .json(variables))
        }
        let target = workspace.target(for: spec)
        auth = Self.authSummary(spec.auth, inherited: target?.auth)
        if let target {
            let own = Set(spec.headers.map { $0.name.lowercased() })
            inheritedHeaders = target.headers.filter { !own.contains($0.name.lowercased()) }.map {
                EditableItem(name: $0.name, value: $0.value, origin: "target \(target.name)")
            }
        }
    }

    /// The body kind of a gRPC request: JSON messages that may carry `//` comments.
    package static let grpcBodyKind = "grpc"

    /// `basic {{user}}`, `apiKey X-Key in header`, `aws us-east-1/s3`, `(target)` when inherited; `nil` for none.
    static func authSummary(_ own: AuthDefinition?, inherited: AuthDefinition?) -> String? {
        guard let auth = own ?? inherited, auth != .none else { return nil }
        var text = auth.type
        switch auth {
        case .basic(let username, _), .digest(let username, _): text += " " + username
        case .apiKey(let name, _, let location): text += " \(name) in \(location.rawValue)"
        case .aws(_, _, _, let region, let service): text += " \(region)/\(service)"
        case .oauth2(let definition): text += " \(definition.grant.rawValue) \(definition.fields["clientId"] ?? "")"
        case .bearer, .none: break
        }
        return own == nil ? text + " (target)" : text
    }

    /// A query value as one line of text: scalars as written, lists and objects as JSON.
    static func display(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .null: return ""
        default:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}
