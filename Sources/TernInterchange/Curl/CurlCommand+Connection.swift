package import Foundation
package import Tern

extension CurlCommand {
    /// What an exported command carries of `tls:` and `proxy:`: the files curl reads (as paths, where
    /// Tern holds their contents), the key's passphrase and the resolved proxy.
    package struct Connection: Sendable, Equatable {
        /// `-k`: every certificate check off (`tls.insecure`).
        package var insecure = false
        /// `--cacert FILE` (`tls.caFile`).
        package var caFile: URL?
        /// `--cert FILE` (`tls.clientCertificate`).
        package var clientCertificate: URL?
        /// `--key FILE` (`tls.clientKey`).
        package var clientKey: URL?
        /// `--pass PHRASE` (`tls.clientKeyPassphrase`, rendered): a secret, written as its variable.
        package var keyPassphrase: String?
        /// `--proxy URL --proxytunnel [--proxy-user USER:PASSWORD]`: Tern tunnels `http` through `CONNECT` too.
        package var proxy: ProxySettings?
        /// `--noproxy '*'`: `proxy: none`, which curl would otherwise not know (it reads `HTTP_PROXY`).
        package var direct = false

        /// No TLS or proxy options: what a request with the default connection needs.
        package init() {}

        /// The curl options, each one or two shell words.
        func options(_ writer: Writer) -> [String] {
            var options: [String] = []
            if insecure { options.append("-k") }
            if let caFile { options.append("--cacert " + writer.word(writer.path(caFile))) }
            if let clientCertificate, let clientKey {
                // curl reads `--cert FILE:PASSWORD`: a colon in the file name is escaped.
                let certificate = writer.path(clientCertificate).replacingOccurrences(of: ":", with: "\\:")
                options.append("--cert " + writer.word(certificate))
                options.append("--key " + writer.word(writer.path(clientKey)))
                if let keyPassphrase, !keyPassphrase.isEmpty { options.append("--pass " + writer.word(keyPassphrase)) }
            }
            if let proxy {
                options.append("--proxy " + writer.word("http://\(proxy.address)") + " --proxytunnel")
                if let credentials = proxy.credentials {
                    options.append("--proxy-user " + writer.word("\(credentials.username):\(credentials.password)"))
                }
            } else if direct {
                options.append("--noproxy '*'")
            }
            return options
        }
    }
}
