import Crypto
public import Foundation
import SwiftASN1
import X509

/// A certificate authority made in memory for tests: a P-256 CA that issues server and client
/// certificates, everything as PEM text (write `caPEM` to a file for `tls.caFile`).
public struct TestCertificateAuthority: Sendable {
    /// A certificate with its private key, both PEM.
    public struct Issued: Sendable {
        /// The certificate (PEM).
        public var certificatePEM: String
        /// The unencrypted private key (PEM, PKCS#8).
        public var keyPEM: String
    }

    /// The CA certificate (PEM): trust it to trust what it issues.
    public let caPEM: String
    private let name: DistinguishedName
    /// The CA's private key (PEM: swift-crypto's key type is not `Sendable` here).
    private let keyPEM: String

    /// Makes a new CA named `commonName`.
    public init(commonName: String = "Tern Test CA") throws {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName(commonName) }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 86_400 * 30, issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(key))
        caPEM = try certificate.serializeAsPEM().pemString
        self.name = name
        keyPEM = key.pemRepresentation
    }

    /// Issues a server certificate for `hosts` (DNS names or IPv4 addresses), valid from `notBefore`
    /// to `notAfter`.
    public func issueServer(
        hosts: [String] = ["localhost", "127.0.0.1"], commonName: String = "localhost",
        notBefore: Date = Date() - 3600, notAfter: Date = Date() + 86_400 * 7
    ) throws -> Issued {
        let names = Self.generalNames(hosts)
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            SubjectAlternativeNames(names)
            try ExtendedKeyUsage([.serverAuth])
        }
        return try Self.issue(
            commonName: commonName, notBefore: notBefore, notAfter: notAfter, extensions: extensions,
            issuer: (name, try P256.Signing.PrivateKey(pemRepresentation: keyPEM)))
    }

    /// Issues a client certificate for mutual TLS.
    public func issueClient(commonName: String = "tern-client") throws -> Issued {
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            try ExtendedKeyUsage([.clientAuth])
        }
        return try Self.issue(
            commonName: commonName, notBefore: Date() - 3600, notAfter: Date() + 86_400 * 7, extensions: extensions,
            issuer: (name, try P256.Signing.PrivateKey(pemRepresentation: keyPEM)))
    }

    /// A self-signed server certificate for 127.0.0.1 and localhost (no CA vouches for it).
    public static func selfSigned(commonName: String = "localhost") throws -> Issued {
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            SubjectAlternativeNames(generalNames(["localhost", "127.0.0.1"]))
            try ExtendedKeyUsage([.serverAuth])
        }
        return try issue(
            commonName: commonName, notBefore: Date() - 3600, notAfter: Date() + 86_400 * 7, extensions: extensions,
            issuer: nil)
    }

    private static func generalNames(_ hosts: [String]) -> [GeneralName] {
        hosts.map { host in
            let parts = host.split(separator: ".").compactMap { UInt8($0) }
            if parts.count == 4 { return .ipAddress(.init(contentBytes: ArraySlice(parts))) }
            return .dnsName(host)
        }
    }

    /// Signs a certificate with `issuer`, or with its own key when `issuer` is `nil`.
    private static func issue(
        commonName: String, notBefore: Date, notAfter: Date, extensions: Certificate.Extensions,
        issuer: (name: DistinguishedName, key: P256.Signing.PrivateKey)?
    ) throws -> Issued {
        let leafKey = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(commonName) }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(leafKey.publicKey),
            notValidBefore: notBefore, notValidAfter: notAfter, issuer: issuer?.name ?? subject,
            subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: .init(issuer?.key ?? leafKey))
        return Issued(certificatePEM: try certificate.serializeAsPEM().pemString, keyPEM: leafKey.pemRepresentation)
    }
}
