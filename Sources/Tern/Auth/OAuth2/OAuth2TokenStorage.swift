import Crypto
import Foundation
import Synchronization

/// Which token a storage holds: one per configuration (grant, endpoints, client, scope) and partition
/// (the explorer's environment).
public struct OAuth2TokenKey: Sendable, Hashable {
    /// The configuration the token was obtained with.
    public var configuration: OAuth2Configuration
    /// A namespace, e.g. the environment (`Request.cachePartition`).
    public var partition: String?

    /// Makes a key.
    public init(configuration: OAuth2Configuration, partition: String?) {
        self.configuration = configuration
        self.partition = partition
    }

    /// A stable, secret-free identifier: SHA-256 of the partition and `configuration.tokenIdentity`.
    public var id: String {
        let material = (partition ?? "") + "\u{0}" + configuration.tokenIdentity
        return SHA256.hash(data: Data(material.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// Keeps OAuth 2.0 tokens between sends (and, for a file-backed one, between runs). Synchronous: reads and
/// writes are small and happen once per token.
public protocol OAuth2TokenStorage: Sendable {
    /// The token stored for `key`, if any.
    func token(for key: OAuth2TokenKey) -> OAuth2Token?
    /// Stores `token` for `key` (`nil` forgets it).
    func save(_ token: OAuth2Token?, for key: OAuth2TokenKey)
}

/// Tokens kept in memory for the life of the process.
public final class InMemoryOAuth2TokenStorage: OAuth2TokenStorage {
    private let tokens = Mutex<[OAuth2TokenKey: OAuth2Token]>([:])

    /// Makes an empty storage.
    public init() {}

    public func token(for key: OAuth2TokenKey) -> OAuth2Token? {
        tokens.withLock { $0[key] }
    }

    public func save(_ token: OAuth2Token?, for key: OAuth2TokenKey) {
        tokens.withLock { $0[key] = token }
    }
}
