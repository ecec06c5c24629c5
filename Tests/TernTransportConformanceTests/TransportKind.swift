import Foundation
import Synchronization
import Tern
import TernHTTPClient
import TernTesting
import TernURLSession

/// The transports every conformance test runs against.
enum TransportKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `HTTPClientTransport` with every request through AsyncHTTPClient.
    case asyncHTTPClient
    /// `HTTPClientTransport` as Tern uses it: requests in memory on SwiftNIO directly, the rest as above.
    case directPath
    case urlSession

    var description: String { rawValue }

    /// Documented differences: what this transport cannot do on Linux (the suite checks them too).
    var supportsSeparateConnectTimeout: Bool { self != .urlSession }

    /// Runs `body` with a fresh transport of this kind and shuts it down afterwards.
    func with<T>(
        _ configuration: TransportConfiguration = TransportConfiguration(),
        _ body: (any Transport) async throws -> T
    ) async throws -> T {
        switch self {
        case .asyncHTTPClient, .directPath:
            let transport = HTTPClientTransport(configuration: configuration, directPath: self == .directPath)
            do {
                let result = try await body(transport)
                try await transport.shutdown()
                return result
            } catch {
                try? await transport.shutdown()
                throw error
            }
        case .urlSession:
            let transport = URLSessionTransport(configuration: configuration)
            defer { transport.invalidate() }
            return try await body(transport)
        }
    }
}

/// The JSON of the mock server's `/echo`.
struct Echo: Decodable, Sendable {
    var method: String
    var query: String
    var queryItems: [[String]]
    var headers: [String: String]
    var body: String?
    var bodyBytes: Int
}

/// The JSON of the mock server's `/upload`.
struct UploadReceipt: Decodable, Sendable {
    var bytes: Int
    var checksum: String
}

extension TransportResponse {
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: body)
    }
}

/// A fresh temporary file URL (not created).
func temporaryFile(_ name: String = "conformance") -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("tern-\(name)-\(UUID().uuidString)")
}
