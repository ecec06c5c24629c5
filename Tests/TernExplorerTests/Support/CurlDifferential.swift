import Foundation
import Tern
import TernExplorer
import TernHTTPClient
import TernInterchange
import TernTesting
import TernWorkspace

/// One command of the curl differential tests: `{B}` is the echo server's base URL, `{H}` its host:port.
struct CurlCase: Sendable, CustomStringConvertible {
    var name: String
    var command: String
    /// Variables the shell (and so curl) sees.
    var shell: [String: String] = [:]
    /// `{{env:NAME}}` values Tern needs to send the same request.
    var tern: [String: String] = [:]

    var description: String { name }
}

/// The pieces of a curl differential run: fixture files, running bash, importing, sending with Tern.
enum CurlDifferential {
    /// Files the commands name, in the folder the commands run in.
    static func writeFixtures(in folder: URL) throws {
        let files: [(String, Data)] = [
            ("form.txt", Data("a=1\r\nb=2\n".utf8)),
            ("notes.txt", Data("hello, world & more\n".utf8)),
            ("body.json", Data("{\"x\": [1, 2]}\n".utf8)),
            ("pic.png", Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255])),
            ("upload.bin", Data((0..<300).map { UInt8($0 % 256) })),
            ("headers.txt", Data("X-From-File: yes\nX-Other: 2\n".utf8)),
        ]
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
    }

    /// Runs `command` with bash in `folder`; the exit status (a hang is killed after 30 s).
    @discardableResult
    static func bash(_ command: String, in folder: URL, environment: [String: String]) async throws -> Int32 {
        var env = ["PATH": "/usr/bin:/bin", "HOME": folder.path]
        env.merge(environment) { $1 }
        return try await ExternalCommand.run(
            "/bin/bash", ["-c", command], in: folder, environment: env, timeout: 30
        ).status
    }

    /// Imports `command` into a new workspace at `folder/ws` as the spec `imported`; a session on it.
    static func importAndOpen(_ command: String, folder: URL, environment: [String: String]) throws
        -> (ExplorerSession, ImportedCollection)
    {
        let root = folder.appendingPathComponent("ws")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("name: curl\n".utf8).write(to: root.appendingPathComponent("workspace.yaml"))
        let collection = try CurlImporter.read(
            ImportSource(
                data: Data(command.utf8), name: "command.sh", baseDirectory: folder, workspaceRoot: root,
                copiesFiles: true))
        for file in collection.files {
            let destination = root.appendingPathComponent(file.destination)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file.source, to: destination)
        }
        guard let spec = collection.specs.first?.spec else { throw Failure("no spec imported") }
        // The secrets the command held go where `tern import` puts them.
        var store = SecretStore()
        for secret in collection.secrets { if let value = secret.value { store.set(secret.name, to: .value(value)) } }
        if !store.entries.isEmpty { try store.save(workspace: root) }
        let empty = try Workspace.load(from: root)
        try empty.save(
            SpecEntry(id: "imported", file: root.appendingPathComponent("specs/imported.yaml"), group: [], spec: spec))
        let workspace = try Workspace.load(from: root)
        let session = ExplorerSession(
            workspace: workspace, transport: HTTPClientTransport.shared, storage: nil,
            options: ExplorerSession.Options(processEnvironment: environment))
        return (session, collection)
    }

    /// Differences between what curl and Tern sent: method, target, body and every header the
    /// command set (curl's own `User-Agent: curl/…`, `Accept: */*`, framing headers aside).
    static func differences(curl: RawEchoServer.Received, tern: RawEchoServer.Received) -> [String] {
        var problems: [String] = []
        if curl.method != tern.method { problems.append("method \(curl.method) ≠ \(tern.method)") }
        if curl.target != tern.target { problems.append("target \(curl.target) ≠ \(tern.target)") }
        let curlBoundary = boundary(curl)
        let ternBoundary = boundary(tern)
        var ternBody = tern.body
        if let curlBoundary, let ternBoundary {
            ternBody = replacing(Data(ternBoundary.utf8), with: Data(curlBoundary.utf8), in: tern.body)
        }
        if curl.body != ternBody {
            problems.append(
                "body \(String(decoding: curl.body, as: UTF8.self).debugDescription) ≠ "
                    + String(decoding: ternBody, as: UTF8.self).debugDescription)
        }
        let framing: Set<String> = ["host", "content-length", "expect", "transfer-encoding", "connection"]
        var names: [String] = []
        for header in curl.headers where !names.contains(header.name.lowercased()) {
            names.append(header.name.lowercased())
        }
        for name in names where !framing.contains(name) {
            let curlValues = curl.values(name)
            if name == "user-agent", curlValues.first?.hasPrefix("curl/") == true { continue }
            if name == "accept", curlValues == ["*/*"] { continue }
            var curlValue = curlValues.joined(separator: name == "cookie" ? "; " : ", ")
            var ternValue = tern.values(name).joined(separator: ", ")
            if name == "cookie", tern.values(name).count > 1 { problems.append("tern sent several Cookie lines") }
            if name == "content-type", let curlBoundary, let ternBoundary {
                curlValue = curlValue.replacingOccurrences(of: curlBoundary, with: "B")
                ternValue = ternValue.replacingOccurrences(of: ternBoundary, with: "B")
            }
            if curlValue != ternValue {
                problems.append("\(name): \(curlValue.debugDescription) ≠ \(ternValue.debugDescription)")
            }
        }
        return problems
    }

    /// `data` with every `target` replaced by `replacement`, byte for byte.
    private static func replacing(_ target: Data, with replacement: Data, in data: Data) -> Data {
        var out = Data()
        var rest = data[...]
        while let range = rest.range(of: target) {
            out.append(rest[..<range.lowerBound])
            out.append(replacement)
            rest = rest[range.upperBound...]
        }
        out.append(rest)
        return out
    }

    private static func boundary(_ request: RawEchoServer.Received) -> String? {
        guard let type = request.values("Content-Type").first, type.hasPrefix("multipart/"),
            let range = type.range(of: "boundary=")
        else { return nil }
        return String(type[range.upperBound...])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
