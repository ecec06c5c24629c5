import Foundation
import Tern

extension SpecLowering {
    /// The TLS settings and proxy of a request to `url` of `target`: the target's `tls:`/`proxy:`, else
    /// the workspace's, else the defaults and `HTTP_PROXY`/`HTTPS_PROXY`/`NO_PROXY`. `nil` when all are defaults.
    func connectionSettings(target: WorkspaceTarget?, url: URL) throws(WorkspaceError) -> ConnectionSettings? {
        var settings = ConnectionSettings()
        if let tls = target?.tls ?? workspace.tls {
            do {
                settings.tls = try tlsSettings(tls)
            } catch  where url.scheme?.lowercased() == "http" {
                // A plain-http request uses no TLS file: one that cannot be read (a FIFO, a missing file)
                // is an error for the https requests that need it, not for this one. A redirect to https
                // then checks the server fully against the system's roots.
            }
        }
        let proxyKey = target?.proxy != nil ? "targets/\(target?.name ?? "")/proxy" : "proxy"
        switch target?.proxy ?? workspace.proxy {
        case .direct?:
            settings.proxy = nil
        case .url(let text)?:
            let location = workspace.proxyLocations[proxyKey]
            let rendered = try renderer.render(text, file: workspace.manifestFile, at: location)
            guard let proxy = ProxySettings(url: rendered) else {
                throw WorkspaceError(
                    .invalidValue, "'\(proxyKey.replacingOccurrences(of: "/", with: "."))' is not an http:// proxy URL",
                    file: workspace.manifestFile, at: location)
            }
            settings.proxy = proxy
        case nil:
            settings.proxy = ProxySettings.fromEnvironment(renderer.processEnvironment, for: url)
        }
        return settings.isDefault ? nil : settings
    }

    private func tlsSettings(_ definition: TLSDefinition) throws(WorkspaceError) -> TLSSettings {
        func file(_ path: String?) -> URL? {
            guard let path else { return nil }
            return path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : workspace.root.appendingPathComponent(path).standardizedFileURL
        }
        // The passphrase is templated like a header; it is rendered before the files are read.
        let passphrase = try definition.clientKeyPassphrase.map { text throws(WorkspaceError) in
            try renderer.render(text, file: workspace.manifestFile, at: definition.locations["clientKeyPassphrase"])
        }
        do {
            var settings = try TLSSettings.reading(
                insecure: definition.insecure, caFile: file(definition.caFile),
                clientCertificateFile: file(definition.clientCertificate), clientKeyFile: file(definition.clientKey))
            settings.clientKeyPassphrase = passphrase
            return settings
        } catch {
            let field = ["caFile", "clientCertificate", "clientKey"].first { definition.locations[$0] != nil }
            let location = field.flatMap { definition.locations[$0] }
            throw WorkspaceError(
                .invalidRequest, "tls: \(error.message)", file: workspace.manifestFile, line: location?.line,
                column: location?.column, underlying: error)
        }
    }
}
