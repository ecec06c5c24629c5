import Foundation
import TernTesting
import Testing

@Suite("tern send: gzip answers and GraphQL bodies", .serialized)
struct CompressionGraphQLCLITests {
    @Test("a gzip answer prints decoded JSON; --include keeps Content-Encoding and says the body was decoded")
    func gzip() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "http/gzip", "--mode", "live", "--include"))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Content-Encoding: gzip"))
            #expect(result.stdout.contains(#""gzipped":true"#))
            #expect(result.stderr.contains("tern: the body was decoded: gzip "), "\(result.stderr)")
            #expect(result.stderr.contains(" → "))
        }
    }

    @Test("the graphql demo spec queries the mock; export curl shows the GraphQL-over-HTTP document")
    func graphQL() async throws {
        try await withDemo { demo in
            let result = try await Tern.run(demo.arguments("send", "graphql/user-query", "--mode", "live"))
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
            let user = (object["data"] as? [String: Any])?["user"] as? [String: Any]
            #expect(user?["name"] as? String == "Ada Lovelace" && user?["id"] as? String == "1")
            let curl = try await Tern.run(demo.arguments("export", "curl", "graphql/user-query"))
            #expect(curl.status == 0, "\(curl.stderr)")
            #expect(curl.stdout.contains("application/graphql-response+json"))
            #expect(curl.stdout.contains(#""operationName":"User""#), "\(curl.stdout)")
            #expect(curl.stdout.contains(#""variables":{"id":"1"}"#))
        }
    }
}
