import Foundation
import TernTesting
import Testing

/// docs/grpc.md's walk-through, run as a reader types it: line by line, in order, from the root of a copy of
/// the repository, with a clean `HOME`. The line that starts the server in the background (`… &`) starts it
/// and waits until it listens; `kill %1` stops it. Each other line must end with the status its comment
/// names and print what `expectations` says. A line this test does not know fails it, so the page and the
/// test change together.
@Suite(
    "docs/grpc.md walk-through", .serialized, .timeLimit(.minutes(5)),
    .enabled(if: GRPCInteropServer.unavailable == nil, "\(GRPCInteropServer.unavailable ?? "")"))
struct GRPCWalkthroughTests {
    static let address = "tern grpc grpc://127.0.0.1:50051 "
    /// What each line prints (stdout and stderr together), by the line's command after `tern grpc ADDRESS`.
    static let expectations: [String: [String]] = [
        "list": ["grpc.testing.TestService"],
        "list grpc.testing.TestService": ["grpc.testing.TestService.UnaryCall"],
        "describe grpc.testing.SimpleRequest": ["message SimpleRequest", "response_size"],
        #"grpc.testing.TestService/UnaryCall -d '{"responseSize": 3}'"#: [#""body": "AAAA""#],
        #"grpc.testing.TestService/StreamingOutputCall -d '{"responseParameters": [{"size": 1}, {"size": 2}]}'"#: [
            #""body": "AA==""#, #""body": "AAA=""#,
        ],
        #"grpc.testing.TestService/UnaryCall -d '{"responseSize": 1}' --events json"#: [
            #"{"event":"open""#, #""direction":"in""#, #"{"event":"status","code":0,"name":"OK""#,
        ],
        #"grpc.testing.TestService/UnaryCall -d '{"responseStatus": {"code": 5, "message": "no such thing"}}'"#: [
            "status NOT_FOUND (5): no such thing"
        ],
        "grpc.testing.TestService/UnaryCal": ["UnaryCall"],
        #"grpc.testing.TestService/UnaryCall -d '{"responseSize": 3}' --mode cache"#: [#""body": "AAAA""#],
        "describe grpc.testing.SimpleRequest --mode cache": ["message SimpleRequest"],
        "grpc.testing.TestService/EmptyCall --protoset /tmp/interop.protoset": ["UNAVAILABLE"],
    ]

    @Test("every line of docs/grpc.md's walk-through ends as its comment says")
    func walkthroughRuns() async throws {
        try await Walkthrough(
            page: "docs/grpc.md", prefix: Self.address,
            server: ("scripts/grpc-interop-server.sh 50051 ", 50051), expectations: Self.expectations
        ).run()
    }
}
