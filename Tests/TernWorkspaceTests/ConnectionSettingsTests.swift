import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// `tls:` and `proxy:` in workspace.yaml, at workspace level and per target, lowered into the
/// request's `connectionSettings`.
@Suite struct ConnectionSettingsTests {
    static let pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"

    /// The workspace of `manifest` with one spec `s` on `target` (`path` is relative to its base URL).
    func workspace(_ manifest: String, target: String = "api") throws -> (Workspace, TemporaryWorkspace) {
        let folder = try TemporaryWorkspace([
            "workspace.yaml": manifest, "specs/s.yaml": "method: GET\npath: /x\ntarget: \(target)\n",
            "certs/ca.pem": Self.pem, "certs/client.pem": Self.pem, "certs/client.key": "-----BEGIN PRIVATE KEY-----\n",
        ])
        return (try folder.load(), folder)
    }

    func request(_ workspace: Workspace, environment: [String: String] = [:]) throws -> Request {
        try workspace.request(
            for: workspace.spec(named: "s"), context: TemplateContext(processEnvironment: environment))
    }

    @Test("a target's tls: reads its files relative to the workspace; the workspace's applies to the others")
    func tlsPerTarget() throws {
        let manifest = """
            tls:
              insecure: true
            targets:
              api:
                baseURL: https://api.example
                tls:
                  caFile: certs/ca.pem
                  clientCertificate: certs/client.pem
                  clientKey: certs/client.key
              local:
                baseURL: https://localhost:8443
            """
        let (workspace, folder) = try self.workspace(manifest)
        let settings = try #require(try request(workspace).connectionSettings)
        #expect(settings.tls.certificateAuthorityPEM == Self.pem)
        #expect(settings.tls.clientCertificatePEM == Self.pem)
        #expect(settings.tls.insecure == false)
        #expect(workspace.insecureTargets == ["local"])
        #expect(workspace.insecureWarning == "TLS certificate checks are off for target local (tls.insecure)")
        let (other, _) = try self.workspace(manifest, target: "local")
        #expect(try request(other).connectionSettings?.tls.insecure == true)
        _ = folder
    }

    @Test("proxy: a URL with {{env:}} credentials; none overrides HTTPS_PROXY; absent follows it and NO_PROXY")
    func proxies() throws {
        let manifest = """
            targets:
              api:
                baseURL: https://api.example
                proxy: http://alice:{{env:PROXY_PASSWORD}}@proxy.local:3128
              direct:
                baseURL: https://direct.example
                proxy: none
              plain:
                baseURL: https://plain.example
            """
        let environment = ["PROXY_PASSWORD": "s3cret", "HTTPS_PROXY": "http://corp:8080", "NO_PROXY": "skip.example"]
        let (api, _) = try workspace(manifest)
        let proxy = try #require(try request(api, environment: environment).connectionSettings?.proxy)
        #expect(
            proxy
                == ProxySettings(
                    host: "proxy.local", port: 3128, credentials: .init(username: "alice", password: "s3cret")))
        let (direct, _) = try workspace(manifest, target: "direct")
        #expect(try request(direct, environment: environment).connectionSettings == nil)
        let (plain, _) = try workspace(manifest, target: "plain")
        #expect(try request(plain, environment: environment).connectionSettings?.proxy?.host == "corp")
        #expect(try request(plain, environment: [:]).connectionSettings == nil)
    }

    @Test("unknown fields under tls: warn with a suggestion; a bad proxy and a lone client key are errors")
    func diagnostics() throws {
        let (workspace, _) = try self.workspace(
            "targets:\n  api:\n    baseURL: https://a.example\n    tls:\n      cafile: certs/ca.pem\n")
        let warning = try #require(workspace.warnings.first?.description)
        #expect(warning.contains("workspace.yaml:5:7"), "\(warning)")
        #expect(warning.contains("unknown field 'cafile'") && warning.contains("caFile"), "\(warning)")
        #expect(throws: WorkspaceError.self) {
            try self.workspace("proxy: socks5://p:1\ntargets:\n  api:\n    baseURL: https://a.example\n")
        }
        #expect(throws: WorkspaceError.self) {
            try self.workspace(
                "tls:\n  clientKey: certs/client.key\ntargets:\n  api:\n    baseURL: https://a.example\n")
        }
    }

    @Test("tls.clientKeyPassphrase is templated from the environment; without clientKey it is an error")
    func keyPassphrase() throws {
        let manifest = """
            targets:
              api:
                baseURL: https://api.example
                tls:
                  clientCertificate: certs/client.pem
                  clientKey: certs/client.key
                  clientKeyPassphrase: '{{env:KEY_PASS}}'
            """
        let (workspace, folder) = try self.workspace(manifest)
        defer { withExtendedLifetime(folder) {} }
        let tls = try #require(workspace.targets["api"]?.tls)
        #expect(tls.clientKeyPassphrase == "{{env:KEY_PASS}}")
        let settings = try #require(try request(workspace, environment: ["KEY_PASS": "pass phrase"]).connectionSettings)
        #expect(settings.tls.clientKeyPassphrase == "pass phrase")
        #expect(throws: WorkspaceError.self) { try request(workspace, environment: [:]) }
        let error = #expect(throws: WorkspaceError.self) {
            try self.workspace("tls:\n  clientKeyPassphrase: x\ntargets:\n  api:\n    baseURL: https://a.example\n")
        }
        #expect(error?.message.contains("'clientKeyPassphrase' is the passphrase of 'clientKey'") == true)
        #expect(error?.line == 2)
    }

    @Test("a missing CA file is an error at its line in workspace.yaml")
    func missingFile() throws {
        let (workspace, _) = try self.workspace(
            "targets:\n  api:\n    baseURL: https://a.example\n    tls:\n      caFile: certs/nope.pem\n")
        let error = #expect(throws: WorkspaceError.self) { try request(workspace) }
        #expect(error?.line == 5)
        #expect(error?.message.contains("nope.pem") == true)
    }
}
