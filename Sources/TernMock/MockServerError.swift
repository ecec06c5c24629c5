/// The error thrown by ``MockServer`` when it cannot start or a connection misbehaves.
public struct MockServerError: Error, CustomStringConvertible, Sendable {
    private enum Code: Sendable {
        case noBoundPort
        case connectionClosedMidRequest
        case unexpectedRequestHead
    }

    private let code: Code
    private let context: String

    /// A message that says what went wrong and what to check.
    public var description: String {
        switch code {
        case .noBoundPort:
            "MockServer bound \(context) but the socket reports no port; check that the host is an IP address."
        case .connectionClosedMidRequest:
            "The client closed the connection before sending the whole request body."
        case .unexpectedRequestHead:
            "The client sent a new request head before finishing the previous request body."
        }
    }

    static func noBoundPort(host: String) -> MockServerError {
        MockServerError(code: .noBoundPort, context: host)
    }

    static let connectionClosedMidRequest = MockServerError(code: .connectionClosedMidRequest, context: "")
    static let unexpectedRequestHead = MockServerError(code: .unexpectedRequestHead, context: "")
}
