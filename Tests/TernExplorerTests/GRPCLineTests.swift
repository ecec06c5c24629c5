import Foundation
import Tern
import Testing

@testable import TernExplorer

/// The REPL's `grpc` lines read into the session's `grpc` command: the address (or the remembered endpoint),
/// the options `tern grpc` takes, and a call's JSON as the rest of the line.
@Suite("grpc lines of the command language")
struct GRPCLineTests {
    static let address = "127.0.0.1:50051"

    func action(_ line: String, remembered: GRPCEndpoint? = nil) throws -> Command.GRPCAction {
        guard case .grpc(let action) = try CommandParser.parse(line, grpcEndpoint: remembered) else {
            throw ExplorerError(.usage, "not a grpc command: \(line)")
        }
        return action
    }

    func error(_ line: String, remembered: GRPCEndpoint? = nil) -> String {
        do {
            _ = try CommandParser.parse(line, grpcEndpoint: remembered)
            return "parsed"
        } catch {
            return error.message
        }
    }

    func endpoint(_ text: String, plaintext: Bool = true) throws -> GRPCEndpoint {
        try GRPCEndpoint.parse(text, plaintext: plaintext).get()
    }

    @Test("list, describe and call at an address; --plaintext makes HOST:PORT grpc://")
    func verbs() throws {
        let plain = try endpoint(Self.address)
        #expect(try action("grpc \(Self.address) --plaintext list") == .list(plain, service: nil))
        #expect(
            try action("grpc grpc://127.0.0.1:50051 list grpc.testing.TestService")
                == .list(plain, service: "grpc.testing.TestService"))
        #expect(try action("grpc \(Self.address) list").endpoint.url.absoluteString == "grpcs://127.0.0.1:50051")
        #expect(
            try action("grpc --plaintext \(Self.address) describe grpc.testing.SimpleRequest")
                == .describe(plain, symbol: "grpc.testing.SimpleRequest"))
        #expect(
            try action("grpc grpc://127.0.0.1:50051 call grpc.testing.TestService/EmptyCall")
                == .call(plain, method: "grpc.testing.TestService/EmptyCall", input: nil))
        // As in `tern grpc`: SERVICE/METHOD alone calls it.
        #expect(
            try action("grpc grpc://127.0.0.1:50051 grpc.testing.TestService/EmptyCall")
                == .call(plain, method: "grpc.testing.TestService/EmptyCall", input: nil))
    }

    @Test("a call's JSON is the rest of the line as typed: quotes, spaces and several documents")
    func json() throws {
        let json = #"{"responseSize": 3, "payload": {"body": "a  b's"}} {"responseSize": 1}"#
        let call = try action("grpc grpc://127.0.0.1:50051 call grpc.testing.TestService/StreamingInputCall  \(json)  ")
        guard case .call(_, let method, let input) = call else { throw ExplorerError(.usage, "\(call)") }
        #expect(method == "grpc.testing.TestService/StreamingInputCall")
        #expect(input.map { String(decoding: $0, as: UTF8.self) } == json)
    }

    @Test("the options of tern grpc: -H metadata, --proto with -I, --protoset, --max-time")
    func options() throws {
        let call = try action(
            "grpc grpc://h:1 -H 'authorization: Bearer t' --proto a.proto -I /protos --max-time 2.5 call p.S/M {}")
        let endpoint = call.endpoint
        #expect(endpoint.metadata == [GRPCMetadataEntry(name: "authorization", value: .text("Bearer t"))])
        #expect(endpoint.timeout == .milliseconds(2500))
        let here = URL(fileURLWithPath: "a.proto")
        #expect(endpoint.descriptors == .protos([here], importPaths: [URL(fileURLWithPath: "/protos")]))
        let set = try action("grpc grpc://h:1 --protoset /tmp/x.protoset list").endpoint
        #expect(set.descriptors == .protoset(URL(fileURLWithPath: "/tmp/x.protoset")))
    }

    @Test("without an address the line goes to the remembered endpoint, its options on top")
    func remembered() throws {
        var remembered = try endpoint("127.0.0.1:50051")
        remembered.metadata = [
            GRPCMetadataEntry(name: "authorization", value: .text("old")),
            GRPCMetadataEntry(name: "x-trace", value: .text("1")),
        ]
        #expect(try action("grpc list", remembered: remembered) == .list(remembered, service: nil))
        #expect(try action("grpc describe p.S", remembered: remembered) == .describe(remembered, symbol: "p.S"))
        #expect(
            try action(#"grpc call p.S/M {"a": 1}"#, remembered: remembered)
                == .call(remembered, method: "p.S/M", input: Data(#"{"a": 1}"#.utf8)))
        let updated = try action("grpc -H 'Authorization: new' --max-time 1 list", remembered: remembered).endpoint
        #expect(updated.url == remembered.url)
        #expect(
            updated.metadata == [
                GRPCMetadataEntry(name: "x-trace", value: .text("1")),
                GRPCMetadataEntry(name: "authorization", value: .text("new")),
            ])
        #expect(updated.timeout == .seconds(1))
        // A line naming an address starts afresh.
        #expect(try action("grpc grpc://other:2 list", remembered: remembered).endpoint.metadata.isEmpty)
    }

    @Test(
        "bad grpc lines say what is wrong",
        arguments: [
            ("grpc list", "no gRPC address yet"),
            ("grpc", "say what to do"),
            ("grpc grpc://h:1", "say what to do"),
            ("grpc grpc://h:1 list a b", "list takes at most one SERVICE"),
            ("grpc grpc://h:1 describe", "describe takes one SYMBOL"),
            ("grpc grpc://h:1 call", "call takes SERVICE/METHOD"),
            ("grpc grpc://h:1 call UnaryCall", "'UnaryCall' is not SERVICE/METHOD"),
            ("grpc grpc://h:1 --bogus list", "'--bogus' is an option grpc does not take"),
            ("grpc grpc://h:1 other:2 list", "'other:2' is out of place"),
            ("grpc grpc://h:1 list -H", "-H needs a value"),
            ("grpc grpc://h:1 -H nocolon list", "-H 'nocolon' is not 'name: value'"),
            ("grpc grpc://h:1 --max-time 0 list", "--max-time is a number of seconds above 0"),
            ("grpc grpc://h:1 --max-time soon list", "--max-time is a number of seconds, not 'soon'"),
            ("grpc grpc://h:1 -I /x list", "give --proto FILE too"),
            ("grpc http://h:1 list", "is not a gRPC address"),
            ("grpc h list", "names no port"),
        ])
    func errors(line: String, expected: String) {
        #expect(error(line).contains(expected), "\(error(line))")
    }

    @Test("--plaintext needs an address: it would not change the remembered one")
    func plaintextAlone() throws {
        let remembered = try endpoint("127.0.0.1:50051", plaintext: false)
        #expect(error("grpc --plaintext list", remembered: remembered).contains("--plaintext goes with an ADDRESS"))
    }
}
