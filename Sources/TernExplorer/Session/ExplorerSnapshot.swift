import Foundation
package import Tern
import TernWorkspace

/// The conversation `connect` holds open, as the faces show it.
package struct ConversationSnapshot: Sendable, Hashable {
    package var spec: String
    package var transcript: WebSocketTranscript
}

/// Everything a front end shows about the session, taken in one actor hop.
package struct ExplorerSnapshot: Sendable, Hashable {
    package var workspaceName: String
    package var specs: [SpecSummary]
    package var environments: [String]
    /// The environment in force (the chosen one, else the workspace's default).
    package var environment: String?
    package var mode: ResponseMode
    package var selected: SpecDetail?
    /// Session variables first, then the environment's.
    package var variables: [EditableItem]
    package var unsaved: [String]
    /// What Tab completes on the `:` line.
    package var vocabulary: CompletionVocabulary
    /// The targets whose TLS certificate checks are off (`tls.insecure`), for the header's warning.
    package var insecureTargets: [String] = []
    /// The WebSocket conversation held open (`connect`), if any.
    package var conversation: ConversationSnapshot? = nil
    /// The targets whose calls are gRPC (`baseURL: grpc://…`, or a `grpc:` setting), sorted: the tree lists
    /// their services and methods.
    package var grpcTargets: [String] = []
    /// The targets whose GraphQL schema the tree lists: those with GraphQL specs, or a `graphql:` with a
    /// schema, sorted.
    package var graphQLTargets: [String] = []
    /// The selected spec's operation as the query builder ticks it, when it is one on a GraphQL target.
    package var graphQLTicks: GraphQLTicks? = nil
    /// Whether the spec files are still being read (the specs are the spec index's listing until then).
    package var isLoading = false
}

extension ExplorerSnapshot {
    /// The session as front ends show it: `context`'s settings, edits and conversation over its workspace,
    /// whose specs are `specs` (the follower's summaries).
    init(_ context: ExplorerContext, specs: [SpecSummary]) {
        let workspace = context.workspace
        let settings = context.settings
        let active = settings.activeEnvironment(in: workspace)
        var variables = settings.variables.keys.sorted().map {
            EditableItem(name: $0, value: settings.variables[$0] ?? "", origin: "session")
        }
        if let active, let values = workspace.environments[active] {
            for (name, value) in values.variables where settings.variables[name] == nil {
                variables.append(EditableItem(name: name, value: value, origin: active))
            }
        }
        let edits = context.edits
        var selected = edits.selectedID.flatMap { try? context.entry($0) }.map {
            SpecDetail($0, edited: edits[$0.id] != nil, in: workspace)
        }
        if let id = selected?.id, let text = edits.messageTexts[id] { selected?.body = text }
        if let id = selected?.id, selected?.bodyKind == "graphql", let entry = try? context.entry(id) {
            selected?.graphQLSchema = GraphQLSchemas(context).localFile(for: entry)
        }
        self.init(
            workspaceName: workspace.name, specs: specs, environments: workspace.environments.keys.sorted(),
            environment: active, mode: settings.mode, selected: selected, variables: variables,
            unsaved: edits.unsavedIDs,
            vocabulary: CompletionVocabulary(workspace, edits: edits, variables: Array(settings.variables.keys)))
        insecureTargets = workspace.insecureTargets
        // A target is gRPC by its `grpc:` settings, its base URL (as written, or the variable it is), or a gRPC
        // spec that calls it.
        let called = Set(workspace.specs.filter(\.spec.isGRPC).compactMap { workspace.target(for: $0.spec)?.name })
        grpcTargets = workspace.targets.values.filter { target in
            var base = target.baseURL.trimmingWhitespace()
            if base.hasPrefix("{{"), base.hasSuffix("}}"), base.count > 4 {
                let name = base.dropFirst(2).dropLast(2).trimmingWhitespace()
                base = variables.first { $0.name == name }?.value ?? base
            }
            base = base.lowercased()
            return target.grpc != nil || base.hasPrefix("grpc://") || base.hasPrefix("grpcs://")
                || called.contains(target.name)
        }.map(\.name).sorted()
        let graphQLSpecs = workspace.specs.filter { if case .graphql? = $0.spec.body { true } else { false } }
        let asked = Set(graphQLSpecs.compactMap { workspace.target(for: $0.spec)?.name })
        graphQLTargets = workspace.targets.values.filter { target in
            if case .none? = target.graphql?.schema { return false }
            return target.graphql != nil || asked.contains(target.name)
        }.map(\.name).sorted()
        if let id = edits.selectedID, let entry = try? context.entry(id),
            let target = workspace.target(for: entry.spec)?.name, graphQLTargets.contains(target)
        {
            graphQLTicks = GraphQLTicks(entry, target: target)
        }
        conversation = context.conversations.snapshot(handler: context.handler)
    }
}
