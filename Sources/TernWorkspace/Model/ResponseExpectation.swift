import Foundation
public import Tern

/// One thing a spec's answer must satisfy (`expect:` in a spec file). Every send evaluates them.
public enum ResponseExpectation: Sendable, Equatable {
    /// The status: exactly, by class (`2xx`), or one of a list.
    case status(StatusExpectation)
    /// A response header (case-insensitive name).
    case header(String, TextCheck)
    /// The nodes a JSONPath selects in the JSON body.
    case json(String, JSONCheck)
    /// The text body.
    case body(TextCheck)
    /// The time from the request to the whole response, in seconds.
    case durationUnder(Double)
    /// A budget on one phase of a live answer's last attempt (`expect.timing`), in milliseconds:
    /// `timing: {totalMs: {lt: 200}, tlsMs: {lt: 50}}`.
    case timing(TimingPhase, JSONCheck.Comparison, Double)
    /// The JSON body against a JSON Schema (draft 2020-12, 2019-09 or draft-07 by `$schema`);
    /// `assertFormats` makes `format` a check instead of a note (`expect.schemaFormats: assert`).
    case schema(JSONValue, assertFormats: Bool = false)
    /// The status a gRPC spec's call ended with: its code (`status: OK`, `status: NOT_FOUND`, or 0–16).
    case grpcStatus(Int)
    /// `graphql: {errors: none}`: the GraphQL answer has no `errors` (absent or empty).
    case graphQLNoErrors
    /// The answer against the spec's OpenAPI operation (`expect.openapi: true`): a documented status,
    /// a documented content type, the body against the response's schema, the required headers.
    case openAPIContract
}

/// A phase of a live answer's timing (`TransferPhases`), as `expect.timing` names it.
public enum TimingPhase: String, Sendable, CaseIterable {
    /// Looking the host name up.
    case dns = "dnsMs"
    /// Opening the connection (with AsyncHTTPClient: lookup, TCP and TLS as one step).
    case connect = "connectMs"
    /// The TLS handshake.
    case tls = "tlsMs"
    /// Writing a streamed request body.
    case send = "sendMs"
    /// From the request on the wire to the status line and headers.
    case firstByte = "firstByteMs"
    /// Receiving the body.
    case transfer = "transferMs"
    /// The attempt from start to last byte.
    case total = "totalMs"

    /// The phase's name in a check's words (`TLS handshake`, `time to first byte`).
    public var words: String {
        switch self {
        case .dns: "DNS lookup"
        case .connect: "connect"
        case .tls: "TLS handshake"
        case .send: "request body sent"
        case .firstByte: "time to first byte"
        case .transfer: "body transfer"
        case .total: "total time"
        }
    }
}

/// What the status must be.
public enum StatusExpectation: Sendable, Equatable {
    /// Exactly this code.
    case exactly(Int)
    /// Any code of this class: 2 for `2xx`.
    case inClass(Int)
    /// One of these codes.
    case oneOf([Int])
    /// A `{{…}}` template (`"{{status}}"`, a data file's column) rendered when the answer is checked
    /// into one of the others: `200`, `2xx` or `200, 201`.
    case template(String)

    /// `text` as a status expectation: a code, a class (`2xx`) or codes separated by commas; `nil` otherwise.
    public init?(parsing text: String) {
        let text = text.trimmingWhitespace().lowercased()
        if text.count == 3, text.hasSuffix("xx"), let digit = text.first?.wholeNumberValue, (1...5).contains(digit) {
            self = .inClass(digit)
            return
        }
        let codes = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Int($0.trimmingWhitespace())
        }
        guard !codes.isEmpty, codes.allSatisfy({ $0.map { (100...599).contains($0) } ?? false }) else { return nil }
        let valid = codes.compactMap { $0 }
        self = valid.count == 1 ? .exactly(valid[0]) : .oneOf(valid)
    }
}

/// A check of a piece of text (a header value or the body).
public enum TextCheck: Sendable, Equatable {
    /// Equal to the text.
    case equals(String)
    /// Contains the text.
    case contains(String)
    /// A regular expression finds a match in it.
    case matches(String)
    /// It is present (true) or absent (false).
    case exists(Bool)
}

/// A check of the nodes a JSONPath selects. The *value* is the single node when exactly one is
/// selected, else the array of all of them; `count` is the length of a single array or object
/// node, else the number of nodes.
public enum JSONCheck: Sendable, Equatable {
    /// The value equals this JSON (numbers compared by value: 1 equals 1.0).
    case equals(JSONValue)
    /// The value does not equal this JSON.
    case notEquals(JSONValue)
    /// At least one node is selected (true), or none (false).
    case exists(Bool)
    /// The value's JSON type: `string`, `number`, `integer`, `boolean`, `array`, `object` or `null`.
    case type(String)
    /// The value is a string a regular expression finds a match in.
    case matches(String)
    /// The value is an array holding this element, or a string holding this text.
    case contains(JSONValue)
    /// A numeric comparison with the value: `<`, `<=`, `>`, `>=`.
    case compare(Comparison, Double)
    /// The count, as described above.
    case count(Int)

    /// A numeric comparison.
    public enum Comparison: String, Sendable, CaseIterable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }
}
