import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Tern
import TernHTTPClient

/// Sequential keep-alive GETs of `/users/1`: the Handler against the raw client it wraps.
///
/// Both clients get a warm-up of 100 requests, then run in alternating rounds (so drift in the
/// machine's speed hits both alike); each side's time is the sum of its rounds.
enum GetScenarios {
    static let warmUp = 100
    static let rounds = 10

    /// A client under test: sends one GET and returns the body size.
    typealias SendOne = () async throws -> Int

    /// The Handler on `HTTPClientTransport` against the same `HTTPClient` called directly.
    static func handlerVersusAHC(_ options: RunOptions) async throws -> ScenarioResult {
        try await withHTTPClientTransport { transport in
            let handler = Handler(transport: transport, mode: .live, retryPolicy: .never)
            let url = options.url("users/1")
            let client = transport.client
            let deadline = TimeAmount.seconds(30)  // what the Handler's default 30 s timeout sets
            return try await compare(
                options,
                subject: { try await handlerGet(handler, url: url) },
                baseline: {
                    let response = try await client.execute(
                        HTTPClientRequest(url: url.absoluteString), deadline: .now() + deadline)
                    let body = try await response.body.collect(upTo: 1 << 20)
                    guard response.status == .ok else {
                        throw BenchError.scenario("GET answered \(response.status.code)")
                    }
                    return body.readableBytes
                }
            )
        }
    }

    /// One Handler GET of `url`, checked for 200.
    static func handlerGet(_ handler: Handler, url: URL) async throws -> Int {
        let response = try await handler.send(Request(url: url))
        guard response.statusCode == 200 else { throw BenchError.scenario("GET answered \(response.statusCode)") }
        return response.body.count
    }

    /// Warms both up, then times `options.count` GETs of each in alternating rounds.
    static func compare(_ options: RunOptions, subject: SendOne, baseline: SendOne) async throws -> ScenarioResult {
        let deadline = ContinuousClock.now + options.timeLimit
        _ = try await loop(warmUp, subject, until: deadline)
        _ = try await loop(warmUp, baseline, until: deadline)
        var subjectTime = 0.0
        var baselineTime = 0.0
        var bytes: Int64 = 0
        for round in 0..<rounds {
            let count = options.count / rounds + (round < options.count % rounds ? 1 : 0)
            let (received, seconds) = try await measure { try await loop(count, subject, until: deadline) }
            bytes += received
            subjectTime += seconds
            baselineTime += try await measure { try await loop(count, baseline, until: deadline) }.seconds
        }
        return ScenarioResult(
            scenario: options.scenario.rawValue, seconds: subjectTime, bytes: bytes, requests: options.count,
            maxRSSKiB: 0, baselineSeconds: baselineTime, baselineRequests: options.count
        )
    }

    /// Sends `count` GETs one after another; gives up past `deadline`.
    private static func loop(_ count: Int, _ send: SendOne, until deadline: ContinuousClock.Instant) async throws
        -> Int64
    {
        var bytes: Int64 = 0
        for _ in 0..<count {
            bytes += Int64(try await send())
            if ContinuousClock.now > deadline { throw BenchError.scenario("the GETs passed the time limit") }
        }
        return bytes
    }
}
