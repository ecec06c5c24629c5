import Foundation
import Tern
import TernURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Handler on `URLSessionTransport`: downloads, uploads, and GETs against raw `URLSession`.
enum URLSessionScenarios {
    static func run(_ options: RunOptions) async throws -> ScenarioResult {
        let transport = URLSessionTransport(configuration: TransportConfiguration())
        defer { transport.invalidate() }
        switch options.scenario {
        case .downloadURLSession:
            return try await DownloadScenarios.handler(options, transport: transport)
        case .uploadURLSession:
            return try await UploadScenarios.handler(options, transport: transport)
        default:
            return try await handlerVersusURLSession(options, transport: transport)
        }
    }

    /// Handler GETs against `URLSession.data(for:)` on a session configured as the transport's.
    private static func handlerVersusURLSession(
        _ options: RunOptions, transport: URLSessionTransport
    ) async throws -> ScenarioResult {
        let handler = Handler(transport: transport, mode: .live, retryPolicy: .never)
        let url = options.url("users/1")
        let session = URLSession(configuration: TransportConfiguration().sessionConfiguration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.timeoutInterval = 31  // the transport's backstop for the Handler's 30 s default deadline
        return try await GetScenarios.compare(
            options,
            subject: { try await GetScenarios.handlerGet(handler, url: url) },
            baseline: {
                let (data, response) = try await session.data(for: request)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    throw BenchError.scenario("GET answered \(String(describing: response))")
                }
                return data.count
            }
        )
    }
}
