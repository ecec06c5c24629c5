import Crypto
public import Foundation
import HTTPTypes

/// Tells requests apart in storage: a stored response answers exactly one request (its partition,
/// method, resolved URL, body and headers), unless the request names an explicit `storageKey`.
///
/// Secrets never enter a key in clear: the parts of the key that could hold one are digested with
/// HMAC-SHA-256 under `digestKey`, a random key kept beside the cache, so a replay on the same
/// machine matches while the key itself reveals nothing.
public struct CacheIdentity: @unchecked Sendable {
    // @unchecked: `key` is a `SymmetricKey`, an immutable value over bytes it never changes after
    // `init`; swift-crypto does not mark it Sendable, but sharing it across tasks only reads it.
    /// Headers that always take part in identity, even when listed in `ignoredHeaders`.
    public static let alwaysVarying: Set<String> = [
        "authorization", "cookie", "accept", "accept-language", "content-type",
    ]

    /// Headers that never take part in identity: `Accept-Encoding` (added by default) changes only the wire
    /// form of an answer, and the cache stores the decoded body; `Cache-Control` and `Pragma` say how
    /// the cache may answer (`RequestCacheDirectives`), not which answer; `User-Agent` names the client
    /// (`tern/VERSION` by default), so an upgrade keeps every stored answer reachable (a response with
    /// `Vary: User-Agent` still keys on it).
    public static let neverVarying: Set<String> = ["accept-encoding", "cache-control", "pragma", "user-agent"]

    /// Lower-cased names of headers that do not change the answer (tracing ids, say); every other
    /// request header takes part in identity.
    public var ignoredHeaders: Set<String>
    private let key: SymmetricKey
    /// The digests of file bodies already read, shared by copies of this identity: a send digests its
    /// file once although its key, its stored record and its history row each need the digest.
    private let fileDigests: FileDigests

    /// Makes an identity digesting with `digestKey` (random when `nil`: keys then last one process).
    public init(ignoredHeaders: [String] = [], digestKey: Data? = nil) {
        self.init(ignoredHeaders: ignoredHeaders, digestKey: digestKey, fileDigestsFile: nil)
    }

    /// Makes an identity digesting with `digestKey`, remembering the digests of file bodies in
    /// `fileDigestsFile` between runs (when the key is not random).
    public init(ignoredHeaders: [String] = [], digestKey: Data?, fileDigestsFile: URL?) {
        self.ignoredHeaders = Set(ignoredHeaders.map { $0.lowercased() }).subtracting(Self.alwaysVarying)
        let key = SymmetricKey(data: digestKey ?? Self.randomKey())
        self.key = key
        // The file is only for this key: its first line is a digest of the key's use for it.
        let keyMark = Self.hex(bytesOf: HMAC<SHA256>.authenticationCode(for: Array("file-digests".utf8), using: key))
        fileDigests = FileDigests(file: digestKey == nil ? nil : fileDigestsFile, keyMark: String(keyMark.prefix(32)))
    }

    /// The storage key of `request`: `storageKey` when it has one, else `METHOD URL #digest`, the URL
    /// with secrets redacted and the digest covering what the text leaves out; `@partition` follows.
    public func key(for request: Request, redactor: Redactor) -> String {
        key(for: request, redactedURL: redactor.redact(url: request.cacheURL), redactor: redactor)
    }

    /// `key(for:redactor:)` with the redacted URL already worked out.
    func key(for request: Request, redactedURL: String, redactor: Redactor) -> String {
        let core: String
        if let storageKey = request.storageKey {
            core = redactor.redact(storageKey)
        } else {
            core = "\(request.method.rawValue) \(redactedURL) #\(identityDigest(of: request))"
        }
        guard let partition = request.cachePartition else { return core }
        return "\(core) @\(partition)"
    }

    /// 32 random bytes, for a key that lasts one process.
    public static func randomKey() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// A short keyed digest of everything that tells `request` apart.
    func identityDigest(of request: Request) -> String {
        var hmac = HMAC<SHA256>(key: key)
        hmac.update(data: Array(request.method.rawValue.utf8))
        hmac.update(data: [0])
        hmac.update(data: Array(request.cacheURL.absoluteString.utf8))
        hmac.update(data: [0])
        for (name, value) in identityHeaders(of: request) {
            hmac.update(data: Array("\(name):\(value)".utf8))
            hmac.update(data: [0])
        }
        hmac.update(data: Array(bodyDigest(of: request.body).utf8))
        if request.redirectPolicy?.follow == false {
            // Not following asks for the redirect itself, another answer than the one it leads to.
            hmac.update(data: Array("\u{0}no-follow".utf8))
        }
        if let authentication = request.authentication {
            // Applied after the key is made (digest and SigV4 headers change on every send): the identity
            // behind it keeps two users' answers apart.
            hmac.update(data: [0])
            hmac.update(data: Array(authentication.identityMaterial.utf8))
        }
        return Self.hex(bytesOf: hmac.finalize()).prefix(16).description
    }

    /// The headers that take part in identity, lower-cased names sorted, repeated values joined.
    func identityHeaders(of request: Request) -> [(String, String)] {
        var values: [String: [String]] = [:]
        for field in request.headers
        where !ignoredHeaders.contains(field.name.canonicalName)
            && !Self.neverVarying.contains(field.name.canonicalName)
        {
            values[field.name.canonicalName, default: []].append(field.value)
        }
        return values.sorted { $0.key < $1.key }.map { ($0.key, $0.value.joined(separator: ", ")) }
    }

    /// A keyed digest of the body's bytes (files are read in chunks; an unreadable file digests its path).
    func bodyDigest(of body: RequestBody) -> String {
        var hmac = HMAC<SHA256>(key: key)
        switch body {
        case .none: return "none"
        case .data(let data): hmac.update(data: data)
        case .file(let url): return fileDigest(url).prefix(32).description
        case .multipart(let form):
            for part in form.parts {
                hmac.update(
                    data: Array("\(part.name)\u{0}\(part.filename ?? "")\u{0}\(part.contentType ?? "")\u{0}".utf8))
                switch part.content {
                case .data(let data): hmac.update(data: data)
                case .file(let url): Self.feed(url, into: &hmac)
                }
            }
        }
        return Self.hex(bytesOf: hmac.finalize()).prefix(32).description
    }

    /// A keyed digest of one value, for fingerprints.
    func digest(_ text: String) -> String {
        Self.hex(bytesOf: HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: key)).prefix(16).description
    }

    /// The digest the request's values of `names` give (for a stored response's `Vary`); `*` never matches.
    public func varyDigest(of request: Request, names: [String]) -> String {
        let lowered = names.map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }.sorted()
        if lowered.contains("*") { return "*" }
        let text = lowered.map { name in
            let values = request.headers.filter { $0.name.canonicalName == name }.map(\.value)
            return "\(name):\(values.joined(separator: ", "))"
        }.joined(separator: "\u{0}")
        return digest(text)
    }

    /// The request as a record: secrets redacted, with fingerprints of each part.
    public func record(of request: Request, redactor: Redactor) -> RequestRecord {
        let url = request.cacheURL
        var fingerprints: [String: String] = ["path": digest(url.path(percentEncoded: true))]
        if let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems {
            var grouped: [String: [String]] = [:]
            for item in items { grouped[item.name, default: []].append(item.value ?? "") }
            for (name, values) in grouped { fingerprints["query:\(name)"] = digest(values.joined(separator: "\u{0}")) }
        }
        for (name, value) in identityHeaders(of: request) { fingerprints["header:\(name)"] = digest(value) }
        fingerprints["body"] = bodyDigest(of: request.body).prefix(16).description
        var text: String?
        if case .data(let data) = request.body, data.count <= 64 * 1024, let body = String(data: data, encoding: .utf8)
        {
            text = redactor.redact(body)
        }
        return RequestRecord(
            name: request.name, partition: request.cachePartition, method: request.method.rawValue,
            url: redactor.redact(url: url),
            headers: redactor.redact(request.headers).map {
                RequestRecord.Field(name: $0.name.rawName, value: $0.value)
            },
            bodyBytes: request.body.knownLength, bodyText: text, fingerprints: fingerprints
        )
    }

    /// The keyed digest of the file's bytes (as `bodyDigest` of a `.file` body gives it), read once while the
    /// file stays as it was: the same inode, size and modification time give the remembered digest.
    private func fileDigest(_ url: URL) -> String {
        guard let descriptor = try? RegularFile.descriptor(url.path) else {
            var hmac = HMAC<SHA256>(key: key)
            Self.feed(url, into: &hmac)
            return Self.hex(bytesOf: hmac.finalize())
        }
        defer { close(descriptor) }
        let before = FileDigests.Stamp(descriptor: descriptor)
        if let before, let known = fileDigests.digest(for: before) { return known }
        var hmac = HMAC<SHA256>(key: key)
        Self.feed(descriptor: descriptor, into: &hmac)
        let digest = Self.hex(bytesOf: hmac.finalize())
        if let before, FileDigests.Stamp(descriptor: descriptor) == before { fileDigests.remember(digest, for: before) }
        return digest
    }

    private static func feed(_ url: URL, into hmac: inout HMAC<SHA256>) {
        // Only a regular file: a FIFO would block here and /dev/zero never end (the send then fails
        // saying why, before anything goes out).
        guard let descriptor = try? RegularFile.descriptor(url.path) else {
            hmac.update(data: Array("unreadable:\(url.path)".utf8))
            return
        }
        defer { close(descriptor) }
        feed(descriptor: descriptor, into: &hmac)
    }

    /// Reads the descriptor to its end in 1 MiB reads into one buffer, digesting each.
    private static func feed(descriptor: Int32, into hmac: inout HMAC<SHA256>) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            hmac.update(data: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// A code's bytes in hex, read in place: `Data(code)` is the generic sequence initializer, whose
    /// first use in a process looks up the code's collection conformances at run time.
    static func hex(bytesOf code: some ContiguousBytes) -> String {
        code.withUnsafeBytes { hex(bytes: $0) }
    }

    static func hex(_ data: Data) -> String {
        data.withUnsafeBytes { hex(bytes: $0) }
    }

    private static func hex(bytes raw: UnsafeRawBufferPointer) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count * 2)
        for byte in raw {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
