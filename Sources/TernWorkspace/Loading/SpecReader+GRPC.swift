import Foundation
import Tern
import Yams

extension SpecReader {
    /// `grpc: {method: pkg.Service/Method, message: {...} | messages: [{...}], metadata: {k: v}, timeout: S}`.
    mutating func grpc(_ node: Node) throws(WorkspaceError) -> GRPCDefinition {
        let fields = try reader.fields(
            node, of: "'grpc'", allowed: ["method", "message", "messages", "metadata", "timeout"])
        guard let methodNode = fields["method"] else {
            throw reader.error(.missingField, "'grpc' needs method: pkg.Service/Method", at: node)
        }
        let method = try reader.string(methodNode, field: "grpc.method")
        let parts = method.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !method.contains(" ") else {
            throw reader.error("'grpc.method' is SERVICE/METHOD (pkg.Service/Method), not '\(method)'", at: methodNode)
        }
        var definition = GRPCDefinition(method: method)
        layout[location: "grpc/method"] = SourceLocation(methodNode)
        if fields["message"] != nil, fields["messages"] != nil {
            throw reader.error("'grpc' takes message (one) or messages (a list), not both", at: node)
        }
        if let message = fields["message"] {
            definition.messages = [try reader.json(message, path: "grpc/messages/0", layout: &layout)]
        }
        if let messages = fields["messages"] {
            guard case .sequence(let sequence) = messages else {
                throw reader.error(
                    "'grpc.messages' is a list of messages ({...} each), not " + NodeReader.describe(messages),
                    at: messages)
            }
            for (index, element) in sequence.enumerated() {
                definition.messages.append(try reader.json(element, path: "grpc/messages/\(index)", layout: &layout))
            }
        }
        if let metadata = fields["metadata"] {
            var locations: [String: SourceLocation] = [:]
            definition.metadata = try reader.stringPairs(metadata, field: "grpc.metadata", headerNames: true) {
                name, location in
                locations["grpc/metadata/" + name] = location
            }.map { GRPCDefinition.Entry(name: $0.name, value: $0.value) }
            for (path, location) in locations { layout[location: path] = location }
        }
        if let timeout = fields["timeout"] {
            definition.timeout = try reader.seconds(timeout, field: "grpc.timeout", maximum: 86_400, positive: true)
        }
        return definition
    }
}
