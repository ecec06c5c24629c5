import Foundation
import Tern
import Yams

/// Reads `workspace.yaml`: name, default environment, targets and handler settings.
struct ManifestReader {
    /// What `workspace.yaml` declares.
    struct Manifest {
        var name: String
        var defaultEnvironment: String?
        var targets: [String: WorkspaceTarget] = [:]
        var handler = HandlerSettings()
        var defaultEnvironmentLocation: SourceLocation?
    }

    static let fields = ["name", "defaultEnvironment", "targets", "handler"]

    var reader: NodeReader

    init(file: URL) {
        reader = NodeReader(file: file)
    }

    /// Reads the file; `folderName` is the name when `name:` is absent.
    mutating func read(folderName: String) throws(WorkspaceError) -> Manifest {
        var manifest = Manifest(name: folderName)
        guard let root = try YAMLSource.compose(file: reader.file) else { return manifest }
        let fields = try reader.fields(root, of: "workspace.yaml", allowed: Self.fields)
        if let node = fields["name"] { manifest.name = try reader.optionalString(node, field: "name") ?? folderName }
        if let node = fields["defaultEnvironment"] {
            manifest.defaultEnvironment = try reader.optionalString(node, field: "defaultEnvironment")
            manifest.defaultEnvironmentLocation = SourceLocation(node)
        }
        if let node = fields["targets"] { manifest.targets = try targets(node) }
        if let node = fields["handler"] { manifest.handler = try handler(node) }
        return manifest
    }

    private mutating func targets(_ node: Node) throws(WorkspaceError) -> [String: WorkspaceTarget] {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return [:] }
        var targets: [String: WorkspaceTarget] = [:]
        for entry in try reader.entries(node, of: "'targets'") {
            let fields = try reader.fields(entry.value, of: "target '\(entry.key)'", allowed: ["baseURL", "headers"])
            guard let baseNode = fields["baseURL"] else {
                throw reader.error(.missingField, "target '\(entry.key)' is missing required field 'baseURL'", at: entry.keyNode)
            }
            var target = WorkspaceTarget(name: entry.key, baseURL: try reader.string(baseNode, field: "baseURL"))
            target.locations["baseURL"] = SourceLocation(baseNode)
            if let headers = fields["headers"] {
                var locations: [String: SourceLocation] = [:]
                target.headers = try reader.stringPairs(headers, field: "headers", headerNames: true) { name, location in
                    locations["headers/" + name] = location
                }
                target.locations.merge(locations) { _, new in new }
            }
            targets[entry.key] = target
        }
        return targets
    }

    private mutating func handler(_ node: Node) throws(WorkspaceError) -> HandlerSettings {
        var settings = HandlerSettings()
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return settings }
        let fields = try reader.fields(
            node, of: "'handler'",
            allowed: [
                "mode", "maxRetries", "retry", "timeout", "readTimeout", "maxBodyBytes", "maxDownloadBytes", "cacheTTL",
            ]
        )
        if let mode = fields["mode"] { settings.mode = try reader.choice(mode, field: "mode") }
        if let retries = fields["maxRetries"] {
            settings.maxRetries = try reader.int(retries, field: "maxRetries")
            guard settings.maxRetries >= 0 else { throw reader.error("'maxRetries' must not be negative", at: retries) }
        }
        if let timeout = fields["timeout"] {
            settings.timeout = try reader.nonNegative(timeout, field: "timeout")
            guard settings.timeout > 0 else { throw reader.error("'timeout' must be more than 0 seconds", at: timeout) }
        }
        if let node = fields["readTimeout"] {
            settings.readTimeout = try reader.nonNegative(node, field: "readTimeout")
            guard settings.readTimeout > 0 else {
                throw reader.error("'readTimeout' must be more than 0 seconds", at: node)
            }
        }
        let sizes = [("maxBodyBytes", \HandlerSettings.maxBodyBytes), ("maxDownloadBytes", \.maxDownloadBytes)]
        for (field, keyPath) in sizes {
            guard let node = fields[field] else { continue }
            let value = try reader.int(node, field: field)
            guard value > 0 else { throw reader.error("'\(field)' must be more than 0 bytes", at: node) }
            settings[keyPath: keyPath] = Int64(value)
        }
        if let ttl = fields["cacheTTL"] { settings.cacheTTL = try reader.nonNegative(ttl, field: "cacheTTL") }
        if let retry = fields["retry"] { settings.retry = try retrySettings(retry) }
        return settings
    }

    private mutating func retrySettings(_ node: Node) throws(WorkspaceError) -> RetrySettings {
        var settings = RetrySettings()
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return settings }
        let fields = try reader.fields(
            node, of: "'retry'", allowed: ["backoff", "initialDelay", "maxDelay", "jitter", "on"]
        )
        if let backoff = fields["backoff"] {
            settings.backoff = try reader.oneOf(backoff, field: "backoff", allowed: RetrySettings.backoffKinds)
        }
        if let delay = fields["initialDelay"] { settings.initialDelay = try reader.nonNegative(delay, field: "initialDelay") }
        if let delay = fields["maxDelay"] { settings.maxDelay = try reader.nonNegative(delay, field: "maxDelay") }
        if let jitter = fields["jitter"] { settings.jitter = try reader.bool(jitter, field: "jitter") }
        if let on = fields["on"] {
            guard case .sequence(let statuses) = on else {
                throw reader.error("'on' must be a list of HTTP statuses, not \(NodeReader.describe(on))", at: on)
            }
            settings.on = []
            for status in statuses {
                let code = try reader.int(status, field: "on")
                guard (100...599).contains(code) else {
                    throw reader.error("\(code) is not an HTTP status (100 to 599)", at: status)
                }
                settings.on.append(code)
            }
        }
        return settings
    }
}
