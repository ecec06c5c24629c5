import Foundation
package import Tern
import TernWorkspace

extension ExplorerSession {
    /// The values `{{env:NAME}}` and `{{secret:NAME}}` references read (from the process environment
    /// or the secret store), by name: the secrets that `show` and `curl` must not print. Longer
    /// values first, so that a secret containing another is masked whole. A secret a command prints
    /// is known once a send has run it.
    package func secrets() -> [(name: String, value: String)] {
        let names = secretNames ?? referencedEnvironmentNames()
        secretNames = names
        return secretResolver.knownValues(of: names).sorted { $0.value.count > $1.value.count }
    }

    /// What `{{secret:NAME}}` reads: the workspace's `.tern/secrets.yaml` under the process
    /// environment, read again whenever the file changed (`tern secrets set` in another terminal
    /// while the TUI runs).
    var secretResolver: SecretResolver {
        let file = SecretStore.file(inWorkspace: workspace.root)
        let stamp = FileStamp(path: file.path)
        if let loadedSecrets, loadedSecrets.stamp == stamp { return loadedSecrets.resolver }
        let resolver = SecretResolver(
            workspace: workspace.root, processEnvironment: processEnvironment, sessionValues: sessionSecrets)
        loadedSecrets = (resolver, stamp)
        return resolver
    }

    /// Every name `{{env:NAME}}` or `{{secret:NAME}}` references in targets, connections, environments and specs (edits
    /// included), each once.
    private func referencedEnvironmentNames() -> [String] {
        var strings: [String] = []
        for target in workspace.targets.values {
            strings.append(target.baseURL)
            strings += target.headers.map(\.value)
            strings += target.auth?.values.map(\.value) ?? []
        }
        strings += connectionStrings(workspace.tls, workspace.proxy)
        for target in workspace.targets.values { strings += connectionStrings(target.tls, target.proxy) }
        for environment in workspace.environments.values {
            strings += environment.variables.map(\.value)
        }
        for entry in workspace.specs.map({ edits[$0.id] ?? $0 }) {
            strings += SecretMask.templatedStrings(of: entry.spec)
        }
        var seen = Set<String>()
        return strings.filter { $0.contains("{{") }.flatMap(SecretMask.secretNames(in:)).filter {
            seen.insert($0).inserted
        }
    }

    /// The templated strings of `tls:` and `proxy:` that may hold secrets: the key's passphrase, the proxy URL.
    func connectionStrings(_ tls: TLSDefinition?, _ proxy: ProxyDefinition?) -> [String] {
        var strings = tls?.clientKeyPassphrase.map { [$0] } ?? []
        if case .url(let text)? = proxy { strings.append(text) }
        return strings
    }

    /// Masks what leaves the machine (exports, reports): the sensitive fields (`Authorization`, `Cookie`,
    /// `Set-Cookie`, the workspace's `redactHeaders`) and every secret value this session knows — what
    /// `{{env:…}}` reads and the credentials it captured.
    package func exportRedactor() -> Redactor {
        Redactor(
            secretValues: secrets().map(\.value) + capturedSecretValues(),
            extraHeaders: workspace.handler.redactHeaders)
    }

    /// The request as `show` prints it: every secret replaced by `SecretMask.text`.
    func maskedForDisplay(_ request: Request) -> Request {
        SecretMask.mask(request, secrets: secrets().map(\.value) + capturedSecretValues())
    }

    /// Captured values whose names say they are credentials (`token`, `accessToken`, `session`,
    /// `password`, `apiKey`, ...): redacted wherever the request is recorded (cache, history,
    /// events) and masked by `show` and `vars`, like `{{env:…}}` values.
    func capturedSecretValues() -> [String] {
        capturedValues().compactMap { name, captured in
            SecretMask.looksSecret(name) && captured.value.count >= 4 ? captured.value : nil
        }.sorted { $0.count > $1.count }
    }
}
