public import Crypto
public import Foundation
import HTTPTypes

/// Signs requests with AWS Signature Version 4: in the `Authorization` header, or presigned in the query.
///
/// ```swift
/// let signer = AWSSigV4Signer(credentials: AWSCredentials(accessKeyID: id, secretAccessKey: secret),
///                             region: "us-east-1", service: "execute-api")
/// let signed = try signer.signed(request, at: Date())
/// ```
public struct AWSSigV4Signer: Sendable {
    /// The keys.
    public var credentials: AWSCredentials
    /// The region (`us-east-1`).
    public var region: String
    /// The service (`execute-api`, `s3`, …).
    public var service: String
    /// Removes `.`/`..` segments and repeated slashes from the path (every service but S3).
    public var normalizesPath: Bool
    /// Encodes the wire path once more (every service but S3).
    public var doubleEncodesPath: Bool
    /// Sends `x-amz-content-sha256` with the payload hash (S3 requires it).
    public var sendsContentHash: Bool
    /// Signs `X-Amz-Security-Token` (a few services want it added after signing instead).
    public var signsSessionToken = true

    /// The algorithm's name.
    public static let algorithm = "AWS4-HMAC-SHA256"

    /// Makes a signer; the S3 rules (no path normalisation, single encoding, content hash) follow `service`.
    public init(credentials: AWSCredentials, region: String, service: String) {
        self.credentials = credentials
        self.region = region
        self.service = service
        let isS3 = service.lowercased() == "s3"
        normalizesPath = !isS3
        doubleEncodesPath = !isS3
        sendsContentHash = isS3
    }

    /// Every step of one signature, for tests and for showing what was signed.
    public struct Signature: Sendable, Hashable {
        /// The canonical request.
        public var canonicalRequest: AWSCanonicalRequest
        /// `AWS4-HMAC-SHA256\nDATE\nSCOPE\nHASH`.
        public var stringToSign: String
        /// The hex signature.
        public var signature: String
        /// `DATE/REGION/SERVICE/aws4_request`.
        public var scope: String
    }

    /// Signs the parts of a request at `date` (`headers` must include `host` and whatever else is signed).
    public func signature(
        method: String, path: String, query: String, headers: [(name: String, value: String)], payloadHash: String,
        date: Date
    ) -> Signature {
        let canonical = AWSCanonicalRequest(
            method: method, path: path, query: query, headers: headers, payloadHash: payloadHash,
            normalizesPath: normalizesPath, doubleEncodesPath: doubleEncodesPath)
        let stamp = Self.timestamp(date)
        let scope = "\(stamp.prefix(8))/\(region)/\(service)/aws4_request"
        let stringToSign = [Self.algorithm, stamp, scope, Self.hexSHA256(Data(canonical.text.utf8))]
            .joined(separator: "\n")
        let key = signingKey(dateStamp: String(stamp.prefix(8)))
        let mac = HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: key)
        return Signature(
            canonicalRequest: canonical, stringToSign: stringToSign, signature: DigestAlgorithm.hex(mac), scope: scope)
    }

    /// `HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request")`.
    public func signingKey(dateStamp: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [dateStamp, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// The `Authorization` value for `signature`.
    public func authorization(_ signature: Signature) -> String {
        "\(Self.algorithm) Credential=\(credentials.accessKeyID)/\(signature.scope), "
            + "SignedHeaders=\(signature.canonicalRequest.signedHeaders), Signature=\(signature.signature)"
    }

    /// The headers to add for a header signature of the given parts at `date` (`X-Amz-Date`, the content
    /// hash when asked, the session token, `Authorization`), in that order, and the signature.
    public func headerSignature(
        method: String, path: String, query: String, headers: [(name: String, value: String)], payloadHash: String,
        date: Date
    ) -> (headers: [(name: String, value: String)], signature: Signature) {
        var added: [(name: String, value: String)] = [("X-Amz-Date", Self.timestamp(date))]
        if sendsContentHash { added.append(("X-Amz-Content-SHA256", payloadHash)) }
        if let token = credentials.sessionToken, signsSessionToken { added.append(("X-Amz-Security-Token", token)) }
        let signature = self.signature(
            method: method, path: path, query: query, headers: headers + added, payloadHash: payloadHash, date: date)
        if let token = credentials.sessionToken, !signsSessionToken { added.append(("X-Amz-Security-Token", token)) }
        added.append(("Authorization", authorization(signature)))
        return (added, signature)
    }

    /// The query items to append for a presigned URL of the given parts at `date`, valid for `expires`
    /// seconds (1 to 604800), `X-Amz-Signature` last, already encoded; and the signature.
    public func querySignature(
        method: String, path: String, query: String, headers: [(name: String, value: String)], payloadHash: String,
        date: Date, expires: Int = 3600
    ) -> (query: String, signature: Signature) {
        let stamp = Self.timestamp(date)
        let signedHeaders = Set(headers.map { $0.name.lowercased() }).sorted().joined(separator: ";")
        var items: [(String, String)] = [
            ("X-Amz-Algorithm", Self.algorithm),
            ("X-Amz-Credential", "\(credentials.accessKeyID)/\(stamp.prefix(8))/\(region)/\(service)/aws4_request"),
            ("X-Amz-Date", stamp), ("X-Amz-Expires", String(min(max(expires, 1), 604_800))),
        ]
        if let token = credentials.sessionToken, signsSessionToken { items.append(("X-Amz-Security-Token", token)) }
        items.append(("X-Amz-SignedHeaders", signedHeaders))
        let added = items.map { "\($0.0)=\(AWSCanonicalRequest.encode($0.1, keepingSlash: false))" }
            .joined(separator: "&")
        let signature = self.signature(
            method: method, path: path, query: query.isEmpty ? added : "\(query)&\(added)", headers: headers,
            payloadHash: payloadHash, date: date)
        var result = "\(added)&X-Amz-Signature=\(signature.signature)"
        if let token = credentials.sessionToken, !signsSessionToken {
            result += "&X-Amz-Security-Token=\(AWSCanonicalRequest.encode(token, keepingSlash: false))"
        }
        return (result, signature)
    }

    /// `request` signed in its headers at `date` (see `headerSignature`). Throws when the body cannot be read.
    public func signed(_ request: Request, at date: Date) throws(TernError) -> Request {
        var signed = request
        signed.headers[.authorization] = nil
        let parts = Self.parts(of: signed)
        let added = headerSignature(
            method: request.method.rawValue, path: parts.path, query: parts.query, headers: parts.headers,
            payloadHash: try Self.payloadHash(of: request), date: date
        ).headers
        for header in added {
            if let name = HTTPField.Name(header.name) { signed.headers[name] = header.value }
        }
        return signed
    }

    /// `request` presigned in its query at `date`, valid for `expires` seconds (see `querySignature`).
    public func presigned(_ request: Request, at date: Date, expires: Int = 3600) throws(TernError) -> Request {
        var signed = request
        signed.headers[.authorization] = nil
        let parts = Self.parts(of: signed)
        let added = querySignature(
            method: request.method.rawValue, path: parts.path, query: parts.query, headers: parts.headers,
            payloadHash: try Self.payloadHash(of: request), date: date, expires: expires
        ).query
        signed.url = Request.url(signed.url, appending: added)
        return signed
    }

    /// The wire path, query and headers to sign (`host` first, as the transport will send it).
    static func parts(of request: Request) -> (path: String, query: String, headers: [(name: String, value: String)]) {
        var headers: [(name: String, value: String)] = [("host", host(of: request.url))]
        for field in request.headers where !unsignedHeaders.contains(field.name.canonicalName) {
            headers.append((field.name.canonicalName, field.value))
        }
        return (request.url.path(percentEncoded: true), request.url.query(percentEncoded: true) ?? "", headers)
    }

    /// Headers proxies and transports may change: never signed.
    static let unsignedHeaders: Set<String> = [
        "user-agent", "expect", "connection", "x-amzn-trace-id", "authorization",
    ]

    /// The `Host` value: the host, and the port when it is not the scheme's default.
    static func host(of url: URL) -> String {
        let host = url.host(percentEncoded: true) ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let port = url.port else { return bracketed }
        let scheme = url.scheme?.lowercased()
        if (scheme == "http" && port == 80) || (scheme == "https" && port == 443) { return bracketed }
        return "\(bracketed):\(port)"
    }

    /// The hex SHA-256 of the body (a file is read in chunks).
    static func payloadHash(of request: Request) throws(TernError) -> String {
        switch request.body {
        case .none: return hexSHA256(Data())
        case .data(let data): return hexSHA256(data)
        case .file(let url):
            guard let handle = try? FileHandle(forReadingFrom: url) else {
                throw TernError(.invalidRequest, "AWS signing could not read the body file \(url.path)")
            }
            defer { try? handle.close() }
            var hasher = SHA256()
            while let chunk = try? handle.read(upToCount: 256 * 1024), !chunk.isEmpty { hasher.update(data: chunk) }
            return DigestAlgorithm.hex(hasher.finalize())
        case .multipart:
            do {
                return hexSHA256(try request.body.collect())
            } catch {
                throw TernError(.invalidRequest, "AWS signing could not read the multipart body: \(error)")
            }
        }
    }

    static func hexSHA256(_ data: Data) -> String {
        DigestAlgorithm.hex(SHA256.hash(data: data))
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    public static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "T" + pad(parts.hour, 2)
            + pad(parts.minute, 2) + pad(parts.second, 2) + "Z"
    }
}
