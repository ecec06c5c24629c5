import Foundation
import NIOCore
import SwiftASN1
import Tern
import X509

/// Says which check a server's certificate fails, in the order a person would fix them: expired,
/// not yet valid, host name, self-signed, unknown issuer. AsyncHTTPClient's own verification (BoringSSL)
/// is what refuses the connection; this only names the reason.
enum CertificateDiagnosis {
    /// The first failed check for `chain` (leaf first) presented by `host`, or `nil` when all pass.
    static func failedCheck(
        chain: [Certificate], host: String, extraRootsPEM: String?, now: Date = Date()
    ) async -> String? {
        guard let leaf = chain.first else { return "the server sent no certificate" }
        if leaf.notValidAfter < now {
            return "the certificate expired on \(day(leaf.notValidAfter)) (\(leaf.subject))"
        }
        if leaf.notValidBefore > now {
            return "the certificate is not valid before \(day(leaf.notValidBefore)) (\(leaf.subject))"
        }
        if !matches(host: host, names: alternativeNames(of: leaf)) {
            return "the certificate is for \(names(of: leaf)), not \(host) (host name mismatch)"
        }
        var roots = systemRoots()
        if let extraRootsPEM { roots += parseAll(extraRootsPEM) }
        var trust = Verifier(rootCertificates: CertificateStore(roots)) { RFC5280Policy() }
        let intermediates = CertificateStore(Array(chain.dropFirst()))
        if case .couldNotValidate = await trust.validate(leaf: leaf, intermediates: intermediates) {
            if leaf.subject == leaf.issuer {
                return "the certificate is self-signed (\(leaf.subject)) and not trusted: add it with tls.caFile"
            }
            return "the certificate's issuer is unknown (\(leaf.issuer)): add its CA with tls.caFile"
        }
        return nil
    }

    /// The names a certificate is valid for, for messages: its subject alternative names, else its subject.
    static func names(of certificate: Certificate) -> String {
        let names = alternativeNames(of: certificate)
        return names.isEmpty ? "\(certificate.subject)" : names.joined(separator: ", ")
    }

    /// The DNS names and IP addresses of a certificate's subject alternative names.
    static func alternativeNames(of certificate: Certificate) -> [String] {
        guard let alternatives = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return alternatives.compactMap { name -> String? in
            switch name {
            case .dnsName(let dns): return dns
            case .ipAddress(let bytes): return ipText(Array(bytes.bytes))
            default: return nil
            }
        }
    }

    /// Whether `host` is one of `names` (RFC 6125: case-insensitive; `*.` matches one leftmost label;
    /// an IP address only itself).
    static func matches(host: String, names: [String]) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return names.contains { raw in
            let name = raw.lowercased()
            if name == host { return true }
            guard name.hasPrefix("*."), !TLSInspector.isIPAddress(host), let dot = host.firstIndex(of: ".") else {
                return false
            }
            return host[dot...] == name.dropFirst()
        }
    }

    private static func ipText(_ bytes: [UInt8]) -> String? {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        guard bytes.count == 16 else { return nil }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }

    /// `2027-01-31` in UTC.
    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }

    /// Every certificate in a PEM text (the others are skipped).
    static func parseAll(_ pem: String) -> [Certificate] {
        let end = "-----END CERTIFICATE-----"
        return pem.components(separatedBy: end).compactMap { block -> Certificate? in
            guard let start = block.range(of: "-----BEGIN CERTIFICATE-----") else { return nil }
            return try? Certificate(pemEncoded: String(block[start.lowerBound...]) + end)
        }
    }

    /// The system's trusted roots (Debian's bundle), read once.
    static func systemRoots() -> [Certificate] { loadedSystemRoots }

    private static let loadedSystemRoots: [Certificate] = {
        let path = "/etc/ssl/certs/ca-certificates.crt"
        guard let data = FileManager.default.contents(atPath: path), data.count <= TLSSettings.maximumPEMBytes,
            let text = String(data: data, encoding: .utf8)
        else { return [] }
        return parseAll(text)
    }()
}
