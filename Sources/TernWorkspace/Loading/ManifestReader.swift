import Foundation
import Tern
import Yams

/// Reads `workspace.yaml`: name, default environment, targets and handler settings.
struct ManifestReader {
    /// What `workspace.yaml` declares.
    struct Manifest {
        var name: String
        var defaultEnvironment: String?
        var defaultTarget: String?
        var targets: [String: WorkspaceTarget] = [:]
        var handler = HandlerSettings()
        var defaultEnvironmentLocation: SourceLocation?
        var verifyIgnore: [String] = []
        var tls: TLSDefinition?
        var proxy: ProxyDefinition?
        var proxyLocations: [String: SourceLocation] = [:]
        var order = RunOrder()
    }

    static let fields = [
        "name", "defaultEnvironment", "defaultTarget", "targets", "handler", "verify", "tls", "proxy", "order",
    ]

    var reader: NodeReader

    init(file: URL) {
        reader = NodeReader(file: file)
    }

    /// Reads the file; `folderName` is the name when `name:` is absent.
    mutating func read(folderName: String) throws(WorkspaceError) -> Manifest {
        try read(text: YAMLSource.read(reader.file), folderName: folderName)
    }

    /// Reads `text` as the file's contents.
    mutating func read(text: String, folderName: String) throws(WorkspaceError) -> Manifest {
        var manifest = Manifest(name: folderName)
        guard let root = try YAMLSource.compose(text: text, file: reader.file) else { return manifest }
        let fields = try reader.fields(root, of: "workspace.yaml", allowed: Self.fields)
        if let node = fields["name"] { manifest.name = try reader.optionalString(node, field: "name") ?? folderName }
        if let node = fields["defaultEnvironment"] {
            manifest.defaultEnvironment = try reader.optionalString(node, field: "defaultEnvironment")
            manifest.defaultEnvironmentLocation = SourceLocation(node)
        }
        if let node = fields["targets"] { manifest.targets = try targets(node) }
        if let node = fields["tls"] { manifest.tls = try tls(node, of: "'tls'") }
        if let node = fields["proxy"] {
            manifest.proxy = try proxy(node, field: "proxy")
            manifest.proxyLocations["proxy"] = SourceLocation(node)
        }
        for target in manifest.targets.values {
            if let location = target.locations["proxy"] {
                manifest.proxyLocations["targets/\(target.name)/proxy"] = location
            }
        }
        if let node = fields["defaultTarget"],
            let name = try reader.optionalString(node, field: "defaultTarget")
        {
            let names = manifest.targets.keys.sorted()
            guard manifest.targets[name] != nil else {
                throw reader.error(
                    .unknownTarget,
                    "defaultTarget '\(name)' is not a target\(Suggestions.hint(for: name, in: names)); "
                        + "targets: \(Suggestions.list(names))",
                    at: node)
            }
            manifest.defaultTarget = name
        }
        if let node = fields["handler"] { manifest.handler = try handler(node) }
        if let node = fields["verify"] { manifest.verifyIgnore = try reader.verifyIgnore(node) }
        if let node = fields["order"] {
            try reader.forEachEntry(node, of: "'order'") { folder, _, names throws(WorkspaceError) in
                manifest.order[folder] = try reader.strings(names, field: "order.\(folder)")
            }
        }
        return manifest
    }

    private mutating func targets(_ node: Node) throws(WorkspaceError) -> [String: WorkspaceTarget] {
        if case .scalar(let scalar) = node, ScalarValue.isNull(scalar) { return [:] }
        var targets: [String: WorkspaceTarget] = [:]
        for entry in try reader.entries(node, of: "'targets'") {
            let fields = try reader.fields(
                entry.value, of: "target '\(entry.key)'",
                allowed: ["baseURL", "headers", "auth", "tls", "proxy", "grpc", "graphql"])
            guard let baseNode = fields["baseURL"] else {
                if let typo = fields.misspelling(of: "baseURL") {
                    throw reader.error(
                        .missingField,
                        "unknown field '\(typo.key)' (did you mean 'baseURL'?); target '\(entry.key)' is missing "
                            + "required field 'baseURL'", at: typo.node)
                }
                throw reader.error(
                    .missingField, "target '\(entry.key)' is missing required field 'baseURL'", at: entry.keyNode)
            }
            var target = WorkspaceTarget(name: entry.key, baseURL: try reader.string(baseNode, field: "baseURL"))
            target.locations["baseURL"] = SourceLocation(baseNode)
            if let headers = fields["headers"] {
                var locations: [String: SourceLocation] = [:]
                target.headers = try reader.stringPairs(headers, field: "headers", headerNames: true) {
                    name, location in
                    locations["headers/" + name] = location
                }
                target.locations.merge(locations) { _, new in new }
            }
            if let auth = fields["auth"] {
                var locations: [String: SourceLocation] = [:]
                target.auth = try reader.auth(auth) { locations[$0] = $1 }
                target.locations.merge(locations) { _, new in new }
            }
            if let node = fields["tls"] { target.tls = try tls(node, of: "'targets.\(entry.key).tls'") }
            if let node = fields["grpc"] {
                (target.grpc, target.grpcWeb) = try grpcSource(node, target: entry.key)
            }
            if let node = fields["graphql"] { target.graphql = try graphQL(node, target: entry.key) }
            if let node = fields["proxy"] {
                target.proxy = try proxy(node, field: "targets.\(entry.key).proxy")
                target.locations["proxy"] = SourceLocation(node)
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
                "cacheMaxBytes", "staleIfError", "storeSecretAnswers", "cacheIgnoreHeaders", "redactHeaders",
                "redirects", "userAgent", "compression", "maxDecodedBodyBytes", "contract",
            ]
        )
        if let mode = fields["mode"] {
            settings.mode = try reader.choice(mode, field: "mode")
            settings.declaresMode = true
        }
        if let retries = fields["maxRetries"] {
            settings.maxRetries = try reader.int(retries, field: "maxRetries")
            guard settings.maxRetries >= 0 else { throw reader.error("'maxRetries' must not be negative", at: retries) }
            guard settings.maxRetries <= WorkspaceLimits.maximumRetries else {
                throw reader.error("'maxRetries' must be at most \(WorkspaceLimits.maximumRetries)", at: retries)
            }
        }
        if let timeout = fields["timeout"] {
            settings.timeout = try reader.seconds(
                timeout, field: "timeout", maximum: WorkspaceLimits.maximumTimeout, positive: true
            )
        }
        if let ttl = fields["cacheTTL"] {
            settings.cacheTTL = try reader.seconds(ttl, field: "cacheTTL", maximum: WorkspaceLimits.maximumValidity)
        }
        if let node = fields["readTimeout"] {
            settings.readTimeout = try reader.seconds(
                node, field: "readTimeout", maximum: WorkspaceLimits.maximumTimeout, positive: true
            )
        }
        let sizes = [("maxBodyBytes", \HandlerSettings.maxBodyBytes), ("maxDownloadBytes", \.maxDownloadBytes)]
        for (field, keyPath) in sizes {
            guard let node = fields[field] else { continue }
            let value = try reader.int(node, field: field)
            guard value > 0 else { throw reader.error("'\(field)' must be more than 0 bytes", at: node) }
            settings[keyPath: keyPath] = Int64(value)
        }
        if let node = fields["maxDecodedBodyBytes"] {
            let value = try reader.int(node, field: "maxDecodedBodyBytes")
            guard value > 0 else { throw reader.error("'maxDecodedBodyBytes' must be more than 0 bytes", at: node) }
            settings.maxDecodedBodyBytes = Int64(value)
        }
        if let flag = fields["compression"] { settings.compression = try reader.bool(flag, field: "compression") }
        if let retry = fields["retry"] { settings.retry = try retrySettings(retry) }
        if let bytes = fields["cacheMaxBytes"] {
            let value = try reader.int(bytes, field: "cacheMaxBytes")
            guard value >= 0 else { throw reader.error("'cacheMaxBytes' must not be negative", at: bytes) }
            settings.cacheMaxBytes = Int64(value)
        }
        if let flag = fields["staleIfError"] { settings.staleIfError = try reader.bool(flag, field: "staleIfError") }
        if let node = fields["userAgent"] {
            settings.userAgent = try reader.optionalString(node, field: "userAgent") ?? ""
        }
        if let node = fields["redirects"] { settings.redirects = try reader.redirectPolicy(node, base: .default) }
        if let contract = fields["contract"] {
            let value = try reader.oneOf(contract, field: "contract", allowed: ["openapi", "none"])
            settings.checksOpenAPIContracts = value == "openapi"
        }
        if let flag = fields["storeSecretAnswers"] {
            settings.storeSecretAnswers = try reader.bool(flag, field: "storeSecretAnswers")
        }
        if let names = fields["cacheIgnoreHeaders"] {
            settings.cacheIgnoreHeaders = try reader.strings(names, field: "cacheIgnoreHeaders")
        }
        if let names = fields["redactHeaders"] {
            settings.redactHeaders = try reader.strings(names, field: "redactHeaders")
        }
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
        let longest = WorkspaceLimits.maximumRetryDelay
        if let delay = fields["initialDelay"] {
            settings.initialDelay = try reader.seconds(delay, field: "initialDelay", maximum: longest)
        }
        if let delay = fields["maxDelay"] {
            settings.maxDelay = try reader.seconds(delay, field: "maxDelay", maximum: longest)
        }
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

    /// A target's `graphql: {schema: introspection | none | FILE.graphql, subscriptions: ws://…,
    /// connectionParams: {…}}`.
    private mutating func graphQL(_ node: Node, target: String) throws(WorkspaceError) -> GraphQLTargetSettings {
        let fields = try reader.fields(
            node, of: "'targets.\(target).graphql'", allowed: ["schema", "subscriptions", "connectionParams"])
        var settings = GraphQLTargetSettings()
        if let schema = fields["schema"] {
            let text = try reader.string(schema, field: "targets.\(target).graphql.schema")
            switch text {
            case "introspection": settings.schema = .introspection
            case "none": settings.schema = .none
            default:
                guard text.hasSuffix(".graphql") || text.hasSuffix(".graphqls") || text.hasSuffix(".gql") else {
                    throw reader.error(
                        "'targets.\(target).graphql.schema' is introspection, none, or an SDL file (FILE.graphql), "
                            + "not '\(text)'", at: schema)
                }
                settings.schema = .file(text)
            }
        }
        if let subscriptions = fields["subscriptions"] {
            settings.subscriptions = try reader.string(subscriptions, field: "targets.\(target).graphql.subscriptions")
        }
        if let params = fields["connectionParams"] {
            guard case .mapping = params else {
                throw reader.error(
                    "'targets.\(target).graphql.connectionParams' is a mapping (a JSON object)", at: params)
            }
            var layout = SpecLayout()
            settings.connectionParams = try reader.json(params, path: "connectionParams", layout: &layout)
        }
        return settings
    }

    /// A target's `grpc: {descriptors: reflection} | {protoset: FILE} | {protos: [FILE...], importPaths: [DIR...]}`,
    /// with `web: true` for gRPC-Web.
    private mutating func grpcSource(
        _ node: Node, target: String
    ) throws(WorkspaceError) -> (GRPCDescriptorSource?, web: Bool) {
        let field = "'targets.\(target).grpc'"
        let fields = try reader.fields(
            node, of: field, allowed: ["descriptors", "protoset", "protos", "importPaths", "web"])
        let web =
            try fields["web"].map { node throws(WorkspaceError) in
                try reader.bool(node, field: "targets.\(target).grpc.web")
            } ?? false
        let given = ["descriptors", "protoset", "protos"].filter { fields[$0] != nil }
        if given.isEmpty, fields["importPaths"] == nil, fields["web"] != nil { return (nil, web) }
        guard given.count == 1, let kind = given.first, let value = fields[kind] else {
            throw reader.error(
                .missingField,
                "\(field) needs one of descriptors: reflection, protoset: FILE or protos: [FILE...] (with importPaths)",
                at: node)
        }
        if fields["importPaths"] != nil, kind != "protos" {
            throw reader.error("\(field): importPaths go with protos", at: node)
        }
        switch kind {
        case "descriptors":
            _ = try reader.oneOf(value, field: "targets.\(target).grpc.descriptors", allowed: ["reflection"])
            return (.reflection, web)
        case "protoset":
            return (.protoset(try reader.string(value, field: "targets.\(target).grpc.protoset")), web)
        default:
            let protos = try strings(value, field: "targets.\(target).grpc.protos")
            let paths =
                try fields["importPaths"].map { node throws(WorkspaceError) in
                    try strings(node, field: "targets.\(target).grpc.importPaths")
                } ?? []
            return (.protos(protos, importPaths: paths), web)
        }
    }

    /// A list of strings (a single string is a list of one).
    private mutating func strings(_ node: Node, field: String) throws(WorkspaceError) -> [String] {
        if case .sequence(let sequence) = node {
            var values: [String] = []
            for element in sequence { values.append(try reader.string(element, field: field)) }
            return values
        }
        return [try reader.string(node, field: field)]
    }
}
