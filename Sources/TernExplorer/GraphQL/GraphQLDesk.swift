import Foundation
import Tern
import TernGraphQL
package import TernWorkspace

/// `Command.graphql`: a GraphQL endpoint's schema, asked of a server by its address, refreshed for a
/// target, or one type of it printed (the REPL's `graphql schema TYPE`).
struct GraphQLDesk: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// An operation in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// Runs `action`; the text to print.
    func run(_ action: Command.GraphQLAction) async throws(ExplorerError) -> String {
        switch action {
        case .schema(let url, let headers):
            let request = try TypedRequest(context).resolve(try GraphQLTyped.spec(url: url, headers: headers))
            let schemas = GraphQLSchemas(context)
            return try await schemas.introspect(request, keepingAt: schemas.keptFile(target: nil, url: request.url))
                .sdl
        case .refresh(let target):
            let request = try endpoint(of: target).1
            if case .file(let path)? = workspace.targets[target]?.graphql?.schema {
                throw ExplorerError(.usage, "the schema of '\(target)' is the file \(path); refresh reads no file")
            }
            let schemas = GraphQLSchemas(context)
            let kept = schemas.keptFile(target: target, url: request.url)
            let schema = try await schemas.introspect(request, keepingAt: kept)
            return "kept the schema of \(target) (\(schema.typeNames.count) types) in .tern/graphql/"
                + kept.lastPathComponent
        case .catalog, .draft, .tick:
            throw ExplorerError(.usage, "the tree's GraphQL catalog and drafts are not printed")
        case .type(let name, let target):
            var chosen = target ?? ""
            if target == nil { chosen = try selectedTarget() }
            let (entry, request) = try endpoint(of: chosen)
            let lookup = try await GraphQLSchemas(context).schema(for: entry, request: request)
            guard case .schema(let schema, let origin) = lookup else {
                throw ExplorerError(
                    .usage, "'\(chosen)' has no schema known (graphql: {schema: none}, or none kept while offline)")
            }
            guard let name else { return schema.typeNames.joined(separator: "\n") }
            guard let text = schema.describe(type: name) else {
                throw ExplorerError(
                    .usage,
                    "\(origin) has no type '\(name)'" + Suggestions.hint(for: name, in: schema.typeNames))
            }
            return text
        }
    }

    /// The root fields of `target`'s schema, and where the schema came from.
    func catalog(_ target: String) async throws(ExplorerError) -> GraphQLCatalog {
        let (schema, origin) = try await self.schema(of: target)
        return GraphQLCatalog(
            target: target, outline: GraphQLOutline(schema), typeNames: schema.typeNames, origin: origin)
    }

    /// The operation on `target` that starts from the root field `name` of `operation`, changed by `change`:
    /// the selected spec when it is that operation, else its new request (written from the field first); and
    /// what changed, for the status line.
    func tick(target: String, operation: String, field name: String, _ change: Command.GraphQLTick)
        async throws(ExplorerError) -> (entry: SpecEntry, message: String)
    {
        let (schema, origin) = try await self.schema(of: target)
        let outline = GraphQLOutline(schema)
        guard let kind = GraphQLOperationKind(rawValue: operation), let root = outline.rootField(kind, name) else {
            throw ExplorerError(.usage, "\(origin) has no \(operation) field '\(name)'")
        }
        var entry = try await base(target: target, root: root)
        guard case .graphql(var body)? = entry.spec.body else {
            throw ExplorerError(.usage, "\(entry.id) has no GraphQL body to tick")
        }
        if let file = body.queryFile {
            throw ExplorerError(
                .usage, "the query of \(entry.id) is the file \(file): edit it there (ticking would not write it)")
        }
        var variables: [String: JSONValue]?
        if case .object(let values)? = body.variables { variables = values }
        var selection: GraphQLSelection
        do {
            selection = try GraphQLSelection(reading: body.query, variables: variables)
        } catch {
            throw ExplorerError(
                .usage, "ticking cannot change the query of \(entry.id): \(error.description); e edits it")
        }
        let message: String
        switch change {
        case .field(let path):
            let ticked = selection.isTicked(path)
            selection.toggle(field: path)
            message = (ticked ? "unticked " : "ticked ") + ([name] + path).joined(separator: ".")
        case .argument(let path, let argument):
            guard let type = outline.field(root, at: path)?.arguments.first(where: { $0.name == argument })?.type else {
                throw ExplorerError(.usage, "\(([name] + path).joined(separator: ".")) has no argument '\(argument)'")
            }
            let given = selection.arguments[path]?[argument] != nil
            selection.toggle(argument: argument, at: path, value: outline.sample(of: type))
            message = (given ? "took away $" : "gave $") + argument + (given ? "" : ": fill it in with Enter")
        case .value(let path, let argument, let text):
            guard let type = outline.field(root, at: path)?.arguments.first(where: { $0.name == argument })?.type else {
                throw ExplorerError(.usage, "\(([name] + path).joined(separator: ".")) has no argument '\(argument)'")
            }
            selection.set(argument: argument, at: path, to: try Self.value(text, of: type))
            message = "\(argument) = \(text)"
        }
        let written = GraphQLOperationWriter(outline).write(selection)
        if body.operationName != nil { body.operationName = selection.writtenName }
        body.query = written.query
        body.variables = written.variables
        entry.spec.body = .graphql(body)
        return (entry, message + " (unsaved)")
    }

    /// The spec the builder changes for `root` on `target`: the selected one when its operation starts from
    /// `root`, else the root field's new request (as it was left, or written from the field).
    private func base(target: String, root: GraphQLRootField) async throws(ExplorerError) -> SpecEntry {
        if let id = edits.selectedID, let selected = try? context.entry(id),
            case .graphql(let body)? = selected.spec.body, workspace.target(for: selected.spec)?.name == target,
            let selection = try? GraphQLSelection(reading: body.query),
            selection.operation == root.operation, selection.root == root.name
        {
            return selected
        }
        let id = "new:\(target)/\(root.operation.rawValue).\(root.name)"
        if let open = edits[id] { return open }
        return try await draft(target: target, operation: root.operation.rawValue, field: root.name)
    }

    /// The value `text` gives an argument of the type written `type`: JSON, or the text itself as a string
    /// (always for a `String` or an `ID`, unless written as a JSON string).
    /// An `Int`, a `Float` or a `Boolean` takes only a value of its kind: anything else is refused, naming it.
    static func value(_ text: String, of type: String) throws(ExplorerError) -> JSONValue {
        let trimmed = text.trimmingWhitespace()
        let parsed = try? JSONDecoder().decode(JSONValue.self, from: Data(trimmed.utf8))
        let named = GraphQLOutline.namedType(type)
        guard !type.hasPrefix("[") else { return parsed ?? .string(text) }
        switch (named, parsed) {
        case ("String", .string?), ("ID", .string?): return parsed ?? .string(text)
        case ("String", _), ("ID", _): return .string(text)
        case ("Int", .int?), ("Float", .int?), ("Float", .double?), ("Boolean", .bool?), (_, .null?):
            return parsed ?? .null
        case ("Int", _), ("Float", _), ("Boolean", _):
            let kind = named == "Boolean" ? "true or false" : named == "Int" ? "a whole number" : "a number"
            throw ExplorerError(.usage, "'\(text)' is not a value of \(type): it takes \(kind)")
        default:
            return parsed ?? .string(text)
        }
    }

    /// A new request on `target` that starts from the root field `field` of `operation`.
    func draft(target: String, operation: String, field name: String, arguments: [String: String] = [:])
        async throws(ExplorerError) -> SpecEntry
    {
        let (schema, origin) = try await self.schema(of: target)
        let outline = GraphQLOutline(schema)
        let fields = outline.rootFields
        guard
            let field = fields.first(where: {
                (operation.isEmpty || $0.operation.rawValue == operation) && $0.name == name
            })
        else {
            let what = operation.isEmpty ? "root field" : "\(operation) field"
            throw ExplorerError(
                .usage, "\(origin) has no \(what) '\(name)'" + Suggestions.hint(for: name, in: fields.map(\.name)))
        }
        var (query, variables) = outline.template(for: field)
        if !arguments.isEmpty {
            // The arguments typed with the command, set as the builder sets them.
            var values: [String: JSONValue]?
            if case .object(let object)? = variables { values = object }
            var selection: GraphQLSelection
            do {
                selection = try GraphQLSelection(reading: query, variables: values)
            } catch {
                throw ExplorerError(.usage, "the operation written from \(name) cannot be read: \(error.description)")
            }
            for (argument, text) in arguments.sorted(by: { $0.key < $1.key }) {
                guard let type = field.arguments.first(where: { $0.name == argument })?.type else {
                    throw ExplorerError(
                        .usage,
                        "\(name) has no argument '\(argument)'"
                            + Suggestions.hint(for: argument, in: field.arguments.map(\.name)))
                }
                selection.set(argument: argument, at: [], to: try Self.value(text, of: type))
            }
            (query, variables) = GraphQLOperationWriter(outline).write(selection)
        }
        let id = "new:\(target)/\(field.operation.rawValue).\(name)"
        var spec = SpecDefinition(name: name, target: target, method: "POST", path: "")
        if let (entry, _) = try? endpoint(of: target), entry.id != Self.bareTarget { spec.path = entry.spec.path }
        spec.body = .graphql(
            GraphQLBodyDefinition(query: GraphQLCatalog.comments(for: field) + query, variables: variables))
        return SpecEntry(
            id: id, file: workspace.specsFolder.appendingPathComponent(id + ".yaml"), group: [], spec: spec)
    }

    /// The schema of `target` and where it came from, or an error saying why none is known.
    private func schema(of target: String) async throws(ExplorerError) -> (GraphQLSchemaDocument, String) {
        let (entry, request) = try endpoint(of: target)
        guard
            case .schema(let schema, let origin) = try await GraphQLSchemas(context).schema(
                for: entry, request: request)
        else {
            throw ExplorerError(
                .usage, "'\(target)' has no schema known (graphql: {schema: none}, or none kept while offline)")
        }
        return (schema, origin)
    }

    /// The target of the selected spec, for `graphql schema` with no target named; with none selected, the
    /// workspace's default target, or its only one.
    private func selectedTarget() throws(ExplorerError) -> String {
        if edits.selectedID != nil, let target = try context.entry(nil).spec.target ?? workspace.defaultTarget {
            return target
        }
        if let target = workspace.defaultTarget { return target }
        if workspace.targets.count == 1, let only = workspace.targets.keys.first { return only }
        throw ExplorerError(
            .usage,
            "name the target (graphql schema TYPE TARGET): "
                + (workspace.targets.isEmpty
                    ? "the workspace has none" : workspace.targets.keys.sorted().joined(separator: ", ")))
    }

    /// The id of the request made for a target that has no GraphQL spec (its settings, its base URL).
    private static let bareTarget = "graphql-target"

    /// A GraphQL spec of `target` and its resolved request (introspection goes where it goes, with its auth);
    /// the target's base URL when it has none.
    private func endpoint(of target: String) throws(ExplorerError) -> (SpecEntry, Request) {
        guard workspace.targets[target] != nil else {
            throw ExplorerError(
                .usage,
                "no target '\(target)'" + Suggestions.hint(for: target, in: Array(workspace.targets.keys)))
        }
        let entries = workspace.specs.filter { ($0.spec.target ?? workspace.defaultTarget) == target }
        let graphQL = entries.first { if case .graphql? = $0.spec.body { true } else { false } }
        let entry =
            graphQL
            ?? SpecEntry(
                id: Self.bareTarget, file: workspace.specsFolder.appendingPathComponent("adhoc.yaml"), group: [],
                spec: SpecDefinition(name: "graphql", target: target, method: "POST", path: ""))
        return (entry, try context.resolve(entry))
    }
}

/// A GraphQL endpoint typed on the command line (`tern graphql URL …`).
package enum GraphQLTyped {
    /// The spec a typed `tern graphql URL …` sends: a POST to `url` with `headers` (`Name: value`).
    package static func spec(url: String, headers: [String]) throws(ExplorerError) -> SpecDefinition {
        var spec = SpecDefinition(name: "graphql", method: "POST", path: url)
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else {
                throw ExplorerError(.usage, "-H takes 'Name: value', not '\(header)'")
            }
            spec.headers.append(
                (
                    name: String(header[..<colon]).trimmingWhitespace(),
                    value: String(header[header.index(after: colon)...]).trimmingWhitespace()
                ))
        }
        return spec
    }
}
