import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Tern

extension HTTPClientTransport {
    /// Maps AsyncHTTPClient and NIO errors to `TernError` kinds the retry policy understands.
    /// `timeout` is the attempt's deadline, named when AsyncHTTPClient's own deadline fires first.
    static func map(_ error: any Error, request: Tern.Request, timeout: Duration? = nil) -> TernError {
        if let ternError = error as? TernError { return ternError }
        let label = request.label
        if error is CancellationError {
            return TernError(.cancelled, "the request was cancelled", requestLabel: label)
        }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled:
                return TernError(.cancelled, "the request was cancelled", requestLabel: label)
            case .deadlineExceeded:
                let limit = timeout.map { "the attempt took longer than \(AttemptWatchdog.describe($0)) (timeout)" }
                return TernError(
                    .timeout, limit ?? "no response before the deadline", requestLabel: label, underlying: error)
            case .readTimeout, .writeTimeout:
                return TernError(.timeout, "no response before the deadline", requestLabel: label, underlying: error)
            case .connectTimeout, .socksHandshakeTimeout, .tlsHandshakeTimeout:
                return TernError(
                    .timeout, "the connection could not be made in time", requestLabel: label, underlying: error)
            case .proxyAuthenticationRequired:
                return TernError(
                    .authentication,
                    "the proxy refused the tunnel: 407 Proxy Authentication Required "
                        + "(give credentials in the proxy URL, http://user:password@host:port)",
                    requestLabel: label, underlying: error)
            case .invalidProxyResponse, .httpProxyHandshakeTimeout:
                return TernError(
                    .connection, "the proxy did not open a tunnel: \(clientError)", requestLabel: label,
                    underlying: error)
            case .remoteConnectionClosed, .alreadyShutdown:
                return TernError(
                    .connection, "the connection was closed before the response completed", requestLabel: label,
                    underlying: error)
            default:
                return TernError(.transport, String(describing: clientError), requestLabel: label, underlying: error)
            }
        }
        if let parserError = error as? HTTPParserError, parserError == .invalidEOFState {
            // The server closed the connection in the middle of the body.
            return TernError(
                .connection, "the connection was lost in the middle of the response", requestLabel: label,
                underlying: error)
        }
        if error is NIOConnectionError || error is IOError || error is ChannelError {
            return TernError(
                .connection, "could not talk to \(request.url.host ?? "the server"): \(error)", requestLabel: label,
                underlying: error)
        }
        return TernError(.transport, String(describing: error), requestLabel: label, underlying: error)
    }
}
