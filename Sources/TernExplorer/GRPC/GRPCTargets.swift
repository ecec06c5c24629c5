import Foundation
import Tern
import TernProtobuf
import TernWorkspace

/// The workspace's gRPC targets: what the TUI's tree lists of each (its services and methods), a new
/// request for one of their methods with its message template, and a `grpc` call kept as a spec.
struct GRPCTargets {
    let context: ExplorerContext

    init(_ context: ExplorerContext) { self.context = context }

    /// What `draft` opens: the spec that already calls the method, or a new request and its message text.
    enum Draft {
        case existing(String)
        case new(SpecEntry, text: String)
    }

    /// The id of the new request of `method` on `target` (never a spec file's: `:save NAME` names it).
    static func draftID(target: String, method: String) -> String { "new:\(target)/\(method)" }

    /// The services and methods of the target `name`: from reflection (or the target's files); when the
    /// server cannot be reached, from what reflection kept in `.tern/grpc/`, said so.
    func catalog(_ name: String) async throws(ExplorerError) -> GRPCCatalog {
        let endpoint = try self.endpoint(of: name)
        do {
            let book = try GRPCDesk(context).book()
            return GRPCCatalog(
                target: name, pool: try await book.pool(for: endpoint, defining: nil, fallingBack: false))
        } catch {
            let stateFolder = context.workspace.root.appendingPathComponent(".tern")
            guard let pool = try? DescriptorBook.known(endpoint, stateFolder: stateFolder) else { throw error }
            return GRPCCatalog(target: name, pool: pool, offline: error.message)
        }
    }

    /// The request `method` on the target `name` opens: the spec that calls it (the selected one first),
    /// else a new one whose message is the template of the method's input type, each field's type in a
    /// `//` comment.
    func draft(target name: String, method path: String) async throws(ExplorerError) -> Draft {
        let workspace = context.workspace
        let calling = workspace.specs.filter { entry in
            entry.spec.grpc?.method == path && (entry.spec.target ?? workspace.target(for: entry.spec)?.name) == name
        }
        if let spec = calling.first(where: { $0.id == context.edits.selectedID }) ?? calling.first {
            return .existing(spec.id)
        }
        let id = Self.draftID(target: name, method: path)
        if context.edits[id] != nil { return .existing(id) }
        let endpoint = try self.endpoint(of: name)
        let pool = try await GRPCDesk(context).book().pool(for: endpoint, defining: [GRPCDesk.serviceOrSymbol(path)])
        let method = try GRPCDesk.method(path, in: pool)
        let text = pool.template(for: method.input)
        var spec = SpecDefinition(name: method.name, target: name, method: "POST", path: "")
        var definition = GRPCDefinition(method: path)
        definition.messages = try GRPCMessageText.messages(text)
        spec.grpc = definition
        let file = context.workspace.specsFolder.appendingPathComponent(id + ".yaml")
        return .new(SpecEntry(id: id, file: file, group: [], spec: spec), text: text)
    }

    /// The endpoint of the target `name`: its base URL resolved in the environment in force, its headers
    /// as metadata, its TLS settings and where its `grpc:` says the descriptors come from.
    func endpoint(of name: String) throws(ExplorerError) -> GRPCEndpoint {
        guard context.workspace.targets[name] != nil else {
            let known = context.workspace.targets.keys.sorted().joined(separator: ", ")
            throw ExplorerError(.usage, "the workspace has no target '\(name)' (its targets: \(known))")
        }
        var spec = SpecDefinition(name: name, target: name, method: "POST", path: "")
        spec.grpc = GRPCDefinition(method: "tern.Catalog/List")
        let entry = SpecEntry(
            id: name, file: context.workspace.manifestFile, group: [], spec: spec)
        let desk = GRPCDesk(context)
        return try desk.endpoint(of: entry, request: try context.resolve(entry))
    }
}
