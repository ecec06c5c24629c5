import Foundation
import HTTPTypes
import Tern
import TernWorkspace
import Testing

@testable import TernInterchange

/// Every real-world file of the corpus, whatever its format, taken all the way into a workspace:
/// detected as its folder's format, imported, written, loaded back, every spec lowered into a
/// request, and imported a second time without a change.
@Suite("Import corpus into workspaces")
struct CorpusWorkspaceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// `(format, file)` for each corpus file: the format folders' files, without notes and licences.
    static let corpus: [String] = ImportFormat.allCases.flatMap { format -> [String] in
        let folder = fixtures.appendingPathComponent(format.rawValue, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { name in
            let ext = (name as NSString).pathExtension.lowercased()
            return ["json", "yaml", "yml", "har", "sh", "txt", "curl", "http", "rest", "graphql"].contains(ext)
                && !name.hasPrefix(".") && !name.uppercased().hasPrefix("LICENSE") && !name.contains(".schema.")
        }.map { "\(format.rawValue)/\($0)" }
    }

    /// Real files Tern refuses on purpose, with a clear error (Postman v1 predates the collection format).
    static let refused = ["postman/newman-v1.postman_collection.json"]

    @Test("The corpus has files of every format")
    func corpusPresent() {
        for format in ImportFormat.allCases {
            #expect(Self.corpus.contains { $0.hasPrefix(format.rawValue + "/") }, "no \(format.rawValue) files")
        }
    }

    @Test("Each corpus file is detected, imported, loads, lowers, and re-imports unchanged", arguments: corpus)
    func roundTrip(_ path: String) async throws {
        let format = try #require(ImportFormat(rawValue: String(path.prefix(while: { $0 != "/" }))))
        let file = Self.fixtures.appendingPathComponent(path)
        let data = try Data(contentsOf: file)
        if format != .curl {
            #expect(ImportFormat.detect(String(decoding: data, as: UTF8.self))?.format == format)
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var source = ImportSource(
            data: data, name: path, baseDirectory: file.deletingLastPathComponent(), workspaceRoot: root)
        // A `.graphql` file says nothing of where its operations go: `--url` does.
        if format == .graphql { source.url = "http://127.0.0.1:4000/graphql" }
        if Self.refused.contains(path) {
            #expect(throws: ImportError.self) { try format.read(source) }
            return
        }
        let collection = try format.read(source)
        let group = source.groupName(title: collection.title)
        let plan = try ImportPlan(collection, root: root, group: group, overwrite: false, origin: "test")
        #expect(
            !plan.report.created.isEmpty || !collection.warnings.isEmpty || !collection.skipped.isEmpty,
            "\(path) gave no spec and said nothing")
        try plan.apply()

        let workspace = try Workspace.load(from: root)
        #expect(workspace.specs.count == plan.report.created.count)
        var failures: [String] = []
        let environment = collection.environments.first?.name
        // The secrets the source held are in the store: only the ones it names without a value are missing.
        let needed = Set(plan.report.secrets.filter { $0.outcome == .needed }.map(\.name))
        let secrets = SecretResolver(workspace: root, processEnvironment: [:])
        #expect(secrets.store.entries.count == plan.newSecrets.count)
        // Hands the cooperative thread back between steps: two on this machine, shared with the
        // in-process servers other tests' streams wait on.
        await Task.yield()
        for entry in workspace.specs {
            do {
                var context = TemplateContext(environment: environment, processEnvironment: ["TERN_CORPUS": "1"])
                context.secrets = secrets
                _ = try workspace.request(for: entry, context: context)
            } catch  where error.kind == .undefinedVariable && error.message.contains("undefined secret") {
                let name = error.message.split(separator: "'").dropFirst().first.map(String.init) ?? ""
                #expect(needed.contains(name), "\(entry.id): \(error)")
            } catch  where error.kind == .undefinedVariable {
                continue  // a path parameter or secret with no value: the user fills it in
            } catch
                where error.message.contains("does not exist")
                && collection.warnings.contains(where: { $0.contains("does not exist") })
            {
                continue  // a file the source names but does not carry, and the import said so
            } catch {
                failures.append("\(entry.id): \(error)")
            }
        }
        #expect(failures.isEmpty, "specs that do not lower: \(failures.prefix(5))")

        let again = try ImportPlan(format.read(source), root: root, group: group, overwrite: false, origin: "test")
        #expect(again.report.created.isEmpty && again.report.updated.isEmpty)
        #expect(again.writes.isEmpty)
        #expect(again.report.unchanged.count == plan.report.created.count, "\(again.report.skipped.prefix(3))")
        #expect(again.newTargets.isEmpty && again.newVariables.isEmpty && again.newSecrets.isEmpty)

        // Exported as a Postman collection and imported into another workspace: every spec sends the
        // same request there (method, URL, headers, body), secrets and all.
        let copy = root.appendingPathComponent("again")
        for group in Set(workspace.specs.compactMap(\.group.first)).sorted() {
            await Task.yield()
            let exported = try PostmanExport.collection(of: workspace, group: group)
            let back = try PostmanImporter.read(
                ImportSource(data: exported, name: "\(group).json", baseDirectory: root, workspaceRoot: copy))
            let second = try ImportPlan(back, root: copy, group: group, overwrite: false, origin: "test")
            try second.apply()
            try? FileManager.default.removeItem(at: SecretStore.file(inWorkspace: copy))
            try FileManager.default.createDirectory(
                at: copy.appendingPathComponent(".tern"), withIntermediateDirectories: true)
            try? FileManager.default.copyItem(
                at: SecretStore.file(inWorkspace: root), to: SecretStore.file(inWorkspace: copy))
            let reloaded = try Workspace.load(from: copy)
            let before = Self.requests(of: workspace, group: group, environment: environment)
            let after = Self.requests(of: reloaded, group: group, environment: reloaded.defaultEnvironment)
            #expect(before.count == workspace.specs.filter { $0.group.first == group }.count)
            // A spec that could not be lowered before (a value left for the user) has no request to compare;
            // a gRPC call has no Postman v2.1 form (export postman leaves it out).
            let lost = before.filter {
                !after.contains($0) && !$0.hasSuffix(" undefined variable") && !$0.hasPrefix("POST grpc")
            }
            let gained = after.filter { !before.contains($0) }
            #expect(
                lost.isEmpty,
                "\(path): exported and imported again, these changed: \(lost.prefix(2)) became \(gained.prefix(2))")
        }

        // Exported as a .http file (with its http-client.env.json, and the secrets where the tools keep
        // theirs) and imported into a third workspace: every spec sends the same request there too.
        let http = root.appendingPathComponent("http-out")
        try FileManager.default.createDirectory(at: http, withIntermediateDirectories: true)
        try HTTPFileExport.environments(of: workspace).write(to: http.appendingPathComponent("http-client.env.json"))
        var privateValues: [String: String] = [:]
        for entry in secrets.store.entries {
            if case .value(let value) = entry.source { privateValues[entry.name] = value }
        }
        let names = workspace.environments.isEmpty ? ["default"] : Array(workspace.environments.keys)
        let privateFile = try JSONSerialization.data(
            withJSONObject: Dictionary(uniqueKeysWithValues: names.map { ($0, privateValues) }))
        try privateFile.write(to: http.appendingPathComponent("http-client.private.env.json"))
        let third = root.appendingPathComponent("again-http")
        for group in Set(workspace.specs.compactMap(\.group.first)).sorted() {
            await Task.yield()
            let exported = try HTTPFileExport.file(of: workspace, group: group)
            let file = http.appendingPathComponent("\(group).http")
            try exported.write(to: file)
            let back = try HTTPFileImporter.read(
                ImportSource(data: exported, name: file.path, baseDirectory: http, workspaceRoot: third))
            try ImportPlan(back, root: third, group: group, overwrite: false, origin: "test").apply()
            let reloaded = try Workspace.load(from: third)
            let before = Self.requests(of: workspace, group: group, environment: environment, applyingAuth: true)
            let after = Self.requests(
                of: reloaded, group: group, environment: environment ?? reloaded.defaultEnvironment, applyingAuth: true)
            let lost = before.filter { !after.contains($0) && !$0.hasSuffix(" undefined variable") }
            let gained = after.filter { !before.contains($0) }
            let change = "\(lost.prefix(2)) became \(gained.prefix(2))"
            #expect(lost.isEmpty, "\(path): exported as .http and imported again, these changed: \(change)")
        }
    }

    /// What each spec of `group` sends, as text (method, URL, headers in order, body), sorted; a spec
    /// that cannot be lowered (a value the user fills in) is written as its error's kind. A multipart
    /// boundary (new for every request) is left out, and a JSON body is compared as JSON (a Postman
    /// raw JSON body comes back as a `json:` body, its spacing not kept).
    static func requests(
        of workspace: Workspace, group: String, environment: String?, applyingAuth: Bool = false
    ) -> [String] {
        let secrets = SecretResolver(workspace: workspace.root, processEnvironment: [:])
        return workspace.specs.filter { $0.group.first == group }.map { entry in
            var context = TemplateContext(environment: environment, processEnvironment: ["TERN_CORPUS": "1"])
            context.secrets = secrets
            do {
                var request = try workspace.request(for: entry, context: context)
                // Compared as sent: an auth block is the header or query it makes (a .http file has no other).
                if applyingAuth, let authentication = request.authentication {
                    request = AuthenticationInterceptor.applied(authentication, to: request)
                }
                let headers = request.headers.map { field in
                    let value = field.value.replacingOccurrences(
                        of: "boundary=[^;]*", with: "boundary=…", options: .regularExpression)
                    return "\(field.name.canonicalName.lowercased()): \(value)"
                }
                var body = ""
                if case .data(let data) = request.body {
                    if let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                        let canonical = try? JSONSerialization.data(
                            withJSONObject: json, options: [.sortedKeys, .fragmentsAllowed])
                    {
                        body = String(decoding: canonical, as: UTF8.self)
                    } else {
                        body = String(decoding: data, as: UTF8.self)
                    }
                }
                return ([request.method.rawValue + " " + request.url.absoluteString] + headers + [body])
                    .joined(separator: "\n")
            } catch {
                return "\(entry.spec.method) \((error as? WorkspaceError)?.kind.description ?? "error")"
            }
        }.sorted()
    }
}
