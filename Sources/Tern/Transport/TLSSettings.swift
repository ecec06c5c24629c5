public import Foundation

/// How a transport checks the server's certificate and which certificate it presents itself.
///
/// The default trusts the system's roots and checks every certificate. PEM text is kept in memory
/// (read from files by the caller, e.g. the workspace loader) so a configuration is a plain value.
public struct TLSSettings: Sendable, Hashable {
    /// Turns off every certificate check (expiry, issuer, host name): for local servers only.
    public var insecure: Bool = false
    /// Extra trusted roots (PEM, one or more certificates), added to the system's.
    public var certificateAuthorityPEM: String?
    /// The client certificate chain presented for mutual TLS (PEM), with `clientKeyPEM`.
    public var clientCertificatePEM: String?
    /// The client certificate's private key (PEM; encrypted ones need `clientKeyPassphrase`).
    public var clientKeyPEM: String?
    /// The passphrase of an encrypted `clientKeyPEM` (a secret: never shown or logged).
    public var clientKeyPassphrase: String? = nil

    /// Makes settings: `TLSSettings()` is the default, fully checked configuration.
    public init(
        insecure: Bool = false, certificateAuthorityPEM: String? = nil, clientCertificatePEM: String? = nil,
        clientKeyPEM: String? = nil
    ) {
        self.insecure = insecure
        self.certificateAuthorityPEM = certificateAuthorityPEM
        self.clientCertificatePEM = clientCertificatePEM
        self.clientKeyPEM = clientKeyPEM
    }

    /// Whether these are the defaults (system roots, full checks, no client certificate).
    public var isDefault: Bool { self == TLSSettings() }

    /// Reads the CA file and the client certificate and key files into settings.
    ///
    /// Throws `TernError(.invalidRequest)` naming the file that cannot be read or is not PEM.
    public static func reading(
        insecure: Bool = false, caFile: URL? = nil, clientCertificateFile: URL? = nil, clientKeyFile: URL? = nil
    ) throws(TernError) -> TLSSettings {
        guard (clientCertificateFile == nil) == (clientKeyFile == nil) else {
            throw TernError(
                .invalidRequest, "a client certificate needs its key and a key its certificate (mutual TLS)")
        }
        return TLSSettings(
            insecure: insecure, certificateAuthorityPEM: try caFile.map(readPEM),
            clientCertificatePEM: try clientCertificateFile.map(readPEM), clientKeyPEM: try clientKeyFile.map(readPEM)
        )
    }

    /// The largest PEM file read (a CA bundle of a few hundred certificates fits).
    public static let maximumPEMBytes = 4 << 20

    private static func readPEM(_ url: URL) throws(TernError) -> String {
        let data: Data
        do {
            // A regular file only: a FIFO would block the open (and every send with it), a device never end.
            data = try RegularFile.contents(of: url, limit: maximumPEMBytes)
        } catch {
            throw TernError(.invalidRequest, "cannot read '\(url.path)': \(error.reason)")
        }
        guard let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN ") else {
            throw TernError(.invalidRequest, "'\(url.path)' is not a PEM file (no '-----BEGIN' line)")
        }
        return text
    }
}
