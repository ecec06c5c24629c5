import Foundation
import Tern
import TernExplorer
import TernHTTPClient
import TernInterchange
import TernTesting
import TernWorkspace
import Testing

/// `export curl` carries `tls:` and `proxy:` (`-k`, `--cacert`, `--cert`/`--key`/`--pass`, `--proxy`,
/// `--proxy-user`, `--noproxy`), and the real `curl` running the exported command reaches the in-process
/// TLS server (through tinyproxy for the proxy); `tls.clientKeyPassphrase` opens an encrypted key.
@Suite("export curl: TLS, client keys and proxies", .serialized, .timeLimit(.minutes(3)))
struct CurlExportConnectionTests {
    static let passphrase = "correct horse"

    /// A workspace on `server` with targets `checked` (CA + client certificate), `lax` (insecure + client
    /// certificate), `locked` (the key encrypted in `format`, its passphrase from `{{env:KEY_PASS}}`) and, when
    /// `proxyPort` is given, `tunnelled` (through the proxy, password from `{{env:PROXY_SECRET}}`) and
    /// `literal` (the password written in the file).
    static func workspace(
        in folder: URL, server: TLSTestServer, format: String = "pkcs8", proxyPort: Int? = nil
    ) async throws -> URL {
        let root = folder.appendingPathComponent("ws")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let base = "https://127.0.0.1:\(server.port)"
        let client = "clientCertificate: client.pem"
        var yaml = """
            targets:
              checked:
                baseURL: \(base)
                tls: {caFile: ca.pem, \(client), clientKey: client-key.pem}
                proxy: none
              lax:
                baseURL: \(base)
                tls: {insecure: true, \(client), clientKey: client-key.pem}
                proxy: none
              locked:
                baseURL: \(base)
                tls: {caFile: ca.pem, \(client), clientKey: locked-key.pem, clientKeyPassphrase: '{{env:KEY_PASS}}'}
                proxy: none

            """
        var specs = ["checked", "lax", "locked"]
        if let proxyPort {
            yaml += """
                  tunnelled:
                    baseURL: \(base)
                    tls: {caFile: ca.pem, \(client), clientKey: client-key.pem}
                    proxy: 'http://alice:{{env:PROXY_SECRET}}@127.0.0.1:\(proxyPort)'
                  literal:
                    baseURL: \(base)
                    tls: {caFile: ca.pem, \(client), clientKey: client-key.pem}
                    proxy: 'http://alice:s3cret@127.0.0.1:\(proxyPort)'

                """
            specs += ["tunnelled", "literal"]
        }
        let files = [
            "workspace.yaml": yaml, "ca.pem": server.authority.caPEM,
            "client.pem": server.clientCertificate.certificatePEM, "client-key.pem": server.clientCertificate.keyPEM,
        ]
        for (path, text) in files {
            try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        for name in specs {
            try "method: GET\npath: /\(name)\ntarget: \(name)\n".write(
                to: root.appendingPathComponent("specs/\(name).yaml"), atomically: true, encoding: .utf8)
        }
        try await encryptKey(in: root, format: format)
        return root
    }

    /// Writes `locked-key.pem`: `client-key.pem` encrypted by the `openssl` command with `passphrase`.
    static func encryptKey(in root: URL, format: String) async throws {
        let arguments =
            format == "pkcs8"
            ? ["pkcs8", "-topk8", "-v2", "aes-256-cbc"] : ["ec", "-aes256"]
        let result = try await ExternalCommand.run(
            "/usr/bin/openssl",
            arguments + ["-in", "client-key.pem", "-out", "locked-key.pem", "-passout", "env:KEY_PASS"],
            in: root, environment: ["KEY_PASS": passphrase, "PATH": "/usr/bin:/bin"], timeout: 30)
        #expect(result.status == 0, "openssl: \(result.output)")
        let text = try String(contentsOf: root.appendingPathComponent("locked-key.pem"), encoding: .utf8)
        #expect(text.contains("ENCRYPTED"), "not encrypted: \(format)")
    }

    static func session(_ root: URL, environment: [String: String]) throws -> ExplorerSession {
        ExplorerSession(
            workspace: try Workspace.load(from: root), transport: HTTPClientTransport.shared, storage: nil,
            options: ExplorerSession.Options(processEnvironment: environment))
    }

    /// Runs `command` with bash in `root`: its output (status and curl's `-w` code).
    static func run(_ command: String, in root: URL, environment: [String: String]) async throws -> String {
        var env = ["PATH": "/usr/bin:/bin", "HOME": root.path]
        env.merge(environment) { $1 }
        let result = try await ExternalCommand.run(
            "/bin/bash", ["-c", command + " -s -o /dev/null -w '%{http_code}'"], in: root, environment: env,
            timeout: 30)
        return "\(result.status) \(result.output)"
    }

    @Test(
        "-k, --cacert, --cert/--key and --pass: the exported command reaches the mTLS server",
        arguments: [
            "pkcs8", "traditional",
        ])
    func tls(format: String) async throws {
        let server = try await TLSTestServer(requireClientCertificate: true)
        try await withFolder { folder in
            let root = try await Self.workspace(in: folder.url, server: server, format: format)
            let environment = ["KEY_PASS": Self.passphrase]
            let session = try Self.session(root, environment: environment)
            // TLS files are named by absolute paths: the command runs from any folder.
            let file = { (name: String) in "'\(root.standardizedFileURL.path)/\(name)'" }
            for name in ["checked", "lax", "locked"] {
                #expect(try await session.send(name).statusCode == 200, "tern: \(name)")
                let command = try await CurlCommand.command(forSpec: name, in: session)
                #expect(command.contains("--cert \(file("client.pem")) --key '"), "\(command)")
                #expect(command.contains("--noproxy '*'"), "\(command)")
                #expect(!command.contains(Self.passphrase) && !command.contains("BEGIN"), "\(command)")
                #expect(try await Self.run(command, in: root, environment: environment) == "0 200", "\(command)")
                #expect(server.requests.filter { $0.hasPrefix("GET /\(name) ") }.count == 2, "\(server.requests)")
            }
            let checked = try await CurlCommand.command(forSpec: "checked", in: session)
            #expect(checked.contains("--cacert \(file("ca.pem"))") && !checked.contains(" -k"), "\(checked)")
            let lax = try await CurlCommand.command(forSpec: "lax", in: session)
            #expect(lax.contains(" -k ") && !lax.contains("--cacert"), "\(lax)")
            let locked = try await CurlCommand.command(forSpec: "locked", in: session)
            #expect(locked.contains("--key \(file("locked-key.pem")) --pass \"$KEY_PASS\""), "\(locked)")
        }
        await server.stop()
    }

    @Test("an encrypted key without its passphrase, or with a wrong one, is a clear error")
    func wrongPassphrase() async throws {
        let server = try await TLSTestServer(requireClientCertificate: true)
        try await withFolder { folder in
            let root = try await Self.workspace(in: folder.url, server: server)
            let wrong = try Self.session(root, environment: ["KEY_PASS": "wrong"])
            let error = await #expect(throws: ExplorerError.self) { try await wrong.send("locked") }
            #expect(error?.message.contains("tls.clientKeyPassphrase does not decrypt tls.clientKey") == true)
            #expect(error?.message.contains("wrong") == false)
            let yaml = root.appendingPathComponent("workspace.yaml")
            let text = try String(contentsOf: yaml, encoding: .utf8)
            try text.replacingOccurrences(of: ", clientKeyPassphrase: '{{env:KEY_PASS}}'", with: "")
                .write(to: yaml, atomically: true, encoding: .utf8)
            let missing = try Self.session(root, environment: [:])
            let unset = await #expect(throws: ExplorerError.self) { try await missing.send("locked") }
            #expect(unset?.message.contains("tls.clientKey is encrypted: set tls.clientKeyPassphrase") == true)
            #expect(server.requests.isEmpty)
        }
        await server.stop()
    }

    @Test("--proxy, --proxytunnel and --proxy-user with the password as a variable: curl goes through tinyproxy")
    func proxy() async throws {
        guard TinyProxy.binary != nil else {
            print("CurlExportConnectionTests.proxy skipped: tinyproxy is not installed")
            return
        }
        try await TinyProxy.with(username: "alice", password: "s3cret") { proxy in
            let server = try await TLSTestServer(requireClientCertificate: true)
            try await withFolder { folder in
                let root = try await Self.workspace(in: folder.url, server: server, proxyPort: proxy.port)
                let environment = ["PROXY_SECRET": "s3cret", "KEY_PASS": Self.passphrase]
                let session = try Self.session(root, environment: environment)
                let tunnelled = try await CurlCommand.command(forSpec: "tunnelled", in: session)
                let address = "--proxy 'http://127.0.0.1:\(proxy.port)' --proxytunnel"
                #expect(tunnelled.contains(address + #" --proxy-user 'alice:'"$PROXY_SECRET""#), "\(tunnelled)")
                // Without PROXY_SECRET set, the password written in the file has no variable of its own.
                let literal = try await CurlCommand.command(
                    forSpec: "literal", in: try Self.session(root, environment: ["KEY_PASS": Self.passphrase]))
                #expect(literal.contains(address + #" --proxy-user 'alice:'"$PROXY_PASSWORD""#), "\(literal)")
                for command in [tunnelled, literal] {
                    #expect(!command.contains("s3cret"), "\(command)")
                    #expect(!command.contains("--noproxy"), "\(command)")
                }
                #expect(try await Self.run(tunnelled, in: root, environment: environment) == "0 200")
                let literalEnvironment = ["PROXY_PASSWORD": "s3cret", "KEY_PASS": Self.passphrase]
                #expect(try await Self.run(literal, in: root, environment: literalEnvironment) == "0 200")
                #expect(server.requests.contains { $0.hasPrefix("GET /tunnelled ") }, "\(server.requests)")
                #expect(server.requests.contains { $0.hasPrefix("GET /literal ") }, "\(server.requests)")
                #expect(
                    proxy.log.components(separatedBy: "CONNECT 127.0.0.1:\(server.port)").count == 3, "\(proxy.log)")
            }
            await server.stop()
        }
    }
}
