import Foundation
import HTTPTypes
import Synchronization
import Tern
import TernGraphQL
import TernWorkspace

/// Where each GraphQL endpoint's schema is known from: a target's SDL file, or what the server's
/// introspection answered, kept in `.tern/graphql/` so operations are checked (and completed) with the
/// server down. Introspection goes out as the endpoint's own requests do: its URL, headers and auth.
struct GraphQLSchemas: ExplorerOperation {
    /// The largest schema read, SDL or introspection answer (GitHub's introspection is about 6 MiB).
    static let maximumBytes = 64 << 20

    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// An operation in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// What a spec is checked against.
    enum Lookup {
        /// The schema, and where it came from (`schema.graphql`, `.tern/graphql/api.graphql`).
        case schema(GraphQLSchemaDocument, origin: String)
        /// Nothing to check against: `schema: none`, or no kept copy while answers come from the cache.
        case none
    }

    /// The schema `entry` is checked against; `request` is the spec's resolved request, which introspection
    /// copies (URL, headers, auth, TLS) when the schema is not known yet.
    func schema(for entry: SpecEntry, request: Request) async throws(ExplorerError) -> Lookup {
        let target = AdHocSpec.isTyped(entry) ? nil : entry.spec.target ?? workspace.defaultTarget
        let settings = target.flatMap { workspace.targets[$0]?.graphql } ?? GraphQLTargetSettings()
        switch settings.schema {
        case .none: return .none
        case .file(let path):
            let file = workspace.root.appendingPathComponent(path)
            return .schema(try Self.read(file, shownAs: path), origin: path)
        case .introspection:
            let kept = keptFile(target: target, url: request.url)
            let shown = ".tern/graphql/" + kept.lastPathComponent
            if FileManager.default.fileExists(atPath: kept.path) {
                return .schema(try Self.read(kept, shownAs: shown), origin: shown)
            }
            guard context.mode != .cache, context.mode != .sample else { return .none }
            return .schema(try await introspect(request, keepingAt: kept), origin: shown)
        }
    }

    /// The SDL file `entry`'s operation is checked against when it is on this machine already (the target's
    /// schema file, or the copy introspection kept), for an editor's language server; `nil` otherwise.
    func localFile(for entry: SpecEntry) -> URL? {
        guard case .graphql? = entry.spec.body, let target = entry.spec.target ?? workspace.defaultTarget else {
            return nil
        }
        let file: URL
        switch workspace.targets[target]?.graphql?.schema ?? .introspection {
        case .none: return nil
        case .file(let path): file = workspace.root.appendingPathComponent(path)
        case .introspection:
            file = workspace.root.appendingPathComponent(".tern/graphql/" + Self.safeName(target) + ".graphql")
        }
        return FileManager.default.fileExists(atPath: file.path) ? file.standardizedFileURL : nil
    }

    /// `.tern/graphql/TARGET.graphql` for a target's specs, `.tern/graphql/HOST_PORT_PATH.graphql` for an address.
    func keptFile(target: String?, url: URL) -> URL {
        let folder = workspace.root.appendingPathComponent(".tern/graphql")
        if let target { return folder.appendingPathComponent(Self.safeName(target) + ".graphql") }
        let port = url.port.map { "_\($0)" } ?? ""
        let path = url.path.split(separator: "/").joined(separator: "_")
        return folder.appendingPathComponent(
            Self.safeName((url.host ?? "host") + port + (path.isEmpty ? "" : "_" + path)) + ".graphql")
    }

    /// Asks `request`'s server for its schema by introspection (with the request's URL, headers and auth;
    /// nothing is stored in the cache) and keeps it as SDL at `kept` when given.
    func introspect(_ request: Request, keepingAt kept: URL?) async throws(ExplorerError) -> GraphQLSchemaDocument {
        var asking = request
        // A target on ws:// is asked over HTTP at the same address, as GraphQL servers serve both there.
        asking.url = asking.url.withWebSocketScheme(false)
        asking.method = .post
        asking.headers[.contentType] = "application/json"
        asking.headers[.accept] = "application/graphql-response+json, application/json"
        let body: [String: String] = [
            "query": IntrospectionQuery.text, "operationName": IntrospectionQuery.operationName,
        ]
        do {
            try asking.setBody(.data(try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])))
        } catch {
            throw ExplorerError(.usage, "the introspection query cannot be sent: \(error)")
        }
        asking.sample = nil
        let response: Response
        do {
            response = try await handler.send(asking, mode: .live, validUntil: nil, stores: false, onEvent: nil)
        } catch {
            let redactor = handler.redactor(for: asking)
            throw ExplorerError(.request, redactor.redact(error.message), underlying: error)
        }
        let address = handler.redactor(for: asking).redact(url: asking.url)
        guard (200..<300).contains(response.statusCode) else {
            throw ExplorerError(
                .usage,
                "\(address) answered introspection with HTTP \(response.statusCode): its schema is not known"
                    + Self.remedy)
        }
        guard response.body.count <= Self.maximumBytes else {
            throw ExplorerError(.usage, "the schema of \(address) is larger than \(Self.maximumBytes >> 20) MiB")
        }
        let schema: GraphQLSchemaDocument
        do {
            schema = try GraphQLSchemaDocument(introspection: response.body)
        } catch {
            throw ExplorerError(.usage, "the schema of \(address) is not known: \(error.message)" + Self.remedy)
        }
        if let kept {
            do {
                try WorkspaceFiles.writeFile(Data(schema.sdl.utf8), at: kept, replacing: true)
            } catch {
                throw ExplorerError(.storage, "the schema of \(address) could not be kept: \(error)")
            }
        }
        return schema
    }

    /// What to do when a schema cannot be had.
    static let remedy =
        " (--no-check sends without checking; a target's graphql: {schema: FILE.graphql} names an SDL file, "
        + "{schema: none} stops checking)"

    /// The type names, the root fields' names (`books`, `addBook`) and their arguments, of every schema known
    /// without asking a server (the targets' SDL files and the copies kept in `.tern/graphql/`; a file that
    /// does not read is left out), each sorted: Tab's vocabulary, read in one pass (made for every snapshot).
    static func knownNames(in workspace: Workspace) -> (
        types: [String], fields: [String], arguments: [String: [String]]
    ) {
        let schemas = knownSchemas(in: workspace)
        let roots = schemas.flatMap { GraphQLOutline($0).rootFields }
        var arguments: [String: [String]] = [:]
        for field in roots { arguments[field.name, default: []] += field.arguments.map(\.name) }
        return (
            schemas.flatMap(\.typeNames).uniqueSorted(), roots.map(\.name).uniqueSorted(),
            arguments.mapValues { $0.uniqueSorted() }
        )
    }

    /// The schemas of the targets' SDL files and of the copies kept in `.tern/graphql/` (at most 16).
    private static func knownSchemas(in workspace: Workspace) -> [GraphQLSchemaDocument] {
        var files: [URL] = []
        for target in workspace.targets.values {
            if case .file(let path)? = target.graphql?.schema {
                files.append(workspace.root.appendingPathComponent(path))
            }
        }
        let kept = workspace.root.appendingPathComponent(".tern/graphql")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []
        files += names.filter { $0.hasSuffix(".graphql") }.sorted().prefix(16).map { kept.appendingPathComponent($0) }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }.compactMap {
            try? read($0, shownAs: $0.lastPathComponent)
        }
    }

    /// The schema in `file`, parsed once per version of the file in this process.
    static func read(_ file: URL, shownAs shown: String) throws(ExplorerError) -> GraphQLSchemaDocument {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        let stamp =
            "\(file.path)|\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)|"
            + "\((attributes?[.size] as? Int) ?? -1)"
        if let known = memo.withLock({ $0[stamp] }) { return known }
        let data: Data
        do {
            data = try RegularFile.contents(of: file, limit: maximumBytes)
        } catch {
            throw ExplorerError(.workspace, "\(shown): the schema cannot be read: \(error)")
        }
        let schema: GraphQLSchemaDocument
        do {
            schema = try GraphQLSchemaDocument(sdl: String(decoding: data, as: UTF8.self))
        } catch {
            throw ExplorerError(.workspace, "\(shown): \(error.message)")
        }
        memo.withLock { memo in
            if memo.count >= 8 { memo.removeAll() }
            memo[stamp] = schema
        }
        return schema
    }

    private static let memo = Mutex<[String: GraphQLSchemaDocument]>([:])

    private static func safeName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
    }
}

extension [String] {
    /// The distinct strings, sorted.
    fileprivate func uniqueSorted() -> [String] { Set(self).sorted() }
}
