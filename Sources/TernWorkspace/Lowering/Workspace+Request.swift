public import Foundation
public import Tern

extension Workspace {
    /// The request `entry` stands for: templated with `context`, then lowered to a `Request`.
    ///
    /// The URL is the target's base URL and the spec's path with exactly one slash between them
    /// (a path that is a full URL wins), then the query. Target headers come first and a spec
    /// header of the same name replaces them. The request is named after the spec id. Any
    /// problem (undefined variable, unknown environment or target, a URL that is not absolute
    /// http(s) after templating, a missing body file) is an error naming the file, before
    /// anything is sent.
    public func request(for entry: SpecEntry, context: TemplateContext = TemplateContext()) throws(WorkspaceError)
        -> Request
    {
        let renderer = try TemplateRenderer(workspace: self, context: context)
        let lowering = SpecLowering(workspace: self, entry: entry, renderer: renderer)
        return try lowering.lower()
    }

    /// The messages a WebSocket spec sends after the upgrade, templated in `context` (empty for HTTP).
    public func webSocketMessages(for entry: SpecEntry, context: TemplateContext = TemplateContext())
        throws(WorkspaceError) -> [WebSocketMessage]
    {
        guard let definition = entry.spec.websocket, !definition.messages.isEmpty else { return [] }
        let renderer = try TemplateRenderer(workspace: self, context: context)
        return try SpecLowering(workspace: self, entry: entry, renderer: renderer).lowerMessages(definition.messages)
    }

    /// The target's `graphql.subscriptions` endpoint for `entry`, templated in `context`: where its GraphQL
    /// subscriptions go (`nil` when the target names none or says `sse`, or `entry` has no target).
    public func graphQLSubscriptionsURL(for entry: SpecEntry, context: TemplateContext = TemplateContext())
        throws(WorkspaceError) -> URL?
    {
        guard let target = target(for: entry.spec), let written = target.graphql?.subscriptions,
            written.trimmingWhitespace().lowercased() != "sse"
        else { return nil }
        let name = target.name
        let renderer = try TemplateRenderer(workspace: self, context: context)
        let text = try renderer.render(written, file: manifestFile, at: nil)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil,
            ["ws", "wss", "http", "https"].contains(scheme)
        else {
            throw WorkspaceError(
                .invalidRequest,
                "targets.\(name).graphql.subscriptions is '\(text)': it needs an absolute ws://, wss://, http:// or "
                    + "https:// address, or sse", file: manifestFile)
        }
        return url
    }

    /// The target's `graphql.connectionParams` for `entry`, its strings templated in `context`: the payload of
    /// a subscription's `connection_init` (`nil` when the target gives none).
    public func graphQLConnectionParams(for entry: SpecEntry, context: TemplateContext = TemplateContext())
        throws(WorkspaceError) -> JSONValue?
    {
        guard let params = target(for: entry.spec)?.graphql?.connectionParams else { return nil }
        let renderer = try TemplateRenderer(workspace: self, context: context)
        return try params.renderingStrings { text throws(WorkspaceError) in
            try renderer.renderJSON(text, file: manifestFile, at: nil)
        }
    }

    /// The request messages of a gRPC spec as JSON texts, templated in `context` (empty for HTTP).
    public func grpcMessages(for entry: SpecEntry, context: TemplateContext = TemplateContext())
        throws(WorkspaceError) -> [String]
    {
        guard let definition = entry.spec.grpc, !definition.messages.isEmpty else { return [] }
        let renderer = try TemplateRenderer(workspace: self, context: context)
        let lowering = SpecLowering(workspace: self, entry: entry, renderer: renderer)
        var texts: [String] = []
        for (index, message) in definition.messages.enumerated() {
            texts.append(
                SpecLowering.compactJSON(try lowering.renderJSON(message, at: "grpc/messages/\(index)")))
        }
        return texts
    }
}
