import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
package import Tern

extension HTTPClientTransport {
    /// Maps AsyncHTTPClient and NIO errors to `TernError` kinds the retry policy understands.
    /// `timeout` is the attempt's deadline, named when AsyncHTTPClient's own deadline fires first;
    /// `proxyCredentials` whether the proxy was given a user name and password.
    package static func map(
        _ error: any Error, request: Tern.Request, timeout: Duration? = nil, proxied: Bool = false,
        proxyCredentials: Bool = false
    ) -> TernError {
        if let ternError = error as? TernError { return ternError }
        let label = request.label
        let address = AttemptWatchdog.address(of: request.url)
        if error is CancellationError {
            return TernError(.cancelled, "the request was cancelled", requestLabel: label)
        }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled:
                return TernError(.cancelled, "the request was cancelled", requestLabel: label)
            case .deadlineExceeded:
                let limit = timeout.map { " within \(AttemptWatchdog.describe($0))" } ?? ""
                return TernError(
                    .timeout,
                    "\(address) did not answer\(limit) (timeout): the server is slow or stuck; "
                        + "a longer handler.timeout gives it more time",
                    requestLabel: label, underlying: error)
            case .readTimeout, .writeTimeout:
                return TernError(
                    .timeout,
                    "\(address) stopped sending (read timeout): the server is slow or stuck; "
                        + "a longer handler.readTimeout gives it more time",
                    requestLabel: label, underlying: error)
            case .connectTimeout where proxied:
                // Through a proxy the connect timeout covers the proxy's connection and its CONNECT answer.
                return TernError(
                    .timeout,
                    "the proxy did not open a tunnel to \(address) in time (connect timeout): is the proxy URL "
                        + "right, and the proxy up?",
                    requestLabel: label, underlying: error)
            case .connectTimeout, .socksHandshakeTimeout, .tlsHandshakeTimeout:
                return TernError(
                    .timeout,
                    "no connection to \(address) in time (connect timeout): the server may be down, or a "
                        + "firewall may be dropping the connection",
                    requestLabel: label, underlying: error)
            case .proxyAuthenticationRequired:
                return TernError(
                    .authentication,
                    proxyCredentials
                        ? "the proxy refused the user name and password of the proxy URL (407 Proxy Authentication "
                            + "Required): check them"
                        : "the proxy refused the tunnel: 407 Proxy Authentication Required "
                            + "(give credentials in the proxy URL, http://user:password@host:port)",
                    requestLabel: label, underlying: error)
            case .invalidProxyResponse:
                // Some proxies answer bad credentials with 403 rather than 407.
                return TernError(
                    .connection,
                    "the proxy did not open a tunnel to \(address) (it refused the CONNECT): "
                        + (proxyCredentials
                            ? "check the user name and password of the proxy URL, and that the proxy allows this port"
                            : "check that the proxy allows this port, or give credentials in the proxy URL"),
                    requestLabel: label, underlying: error)
            case .httpProxyHandshakeTimeout:
                return TernError(
                    .timeout, "the proxy did not open a tunnel to \(address) in time: is the proxy URL right?",
                    requestLabel: label, underlying: error)
            case .remoteConnectionClosed, .alreadyShutdown:
                return TernError(
                    .connection,
                    "\(address) closed the connection before the response was complete: try again; if it keeps "
                        + "happening, the server's logs say why",
                    requestLabel: label, underlying: error)
            default:
                return TernError(
                    .transport,
                    "the exchange with \(address) failed "
                        + "(\(ConnectionDiagnosis.words(String(describing: clientError))))",
                    requestLabel: label, underlying: error)
            }
        }
        if let parserError = error as? HTTPParserError, parserError == .invalidEOFState {
            // The server closed the connection in the middle of the body.
            return TernError(
                .connection, "\(address) closed the connection in the middle of the response: try again",
                requestLabel: label, underlying: error)
        }
        if let parserError = error as? HTTPParserError {
            return TernError(
                .transport,
                "\(address) answered with something that is not HTTP/1.1 (\(Self.words(parserError))): the server, "
                    + "or a proxy in front of it, is at fault; curl -v shows the same answer",
                requestLabel: label, underlying: error)
        }
        if let diagnosed = ConnectionDiagnosis.diagnose(error, url: request.url, label: label) { return diagnosed }
        if let ioError = error as? IOError {
            return TernError(
                .connection,
                "could not talk to \(address) (\(String(cString: strerror(ioError.errnoCode)).lowercased())): "
                    + "try again; if it keeps happening, check the server and the network between",
                requestLabel: label, underlying: error)
        }
        if error is NIOConnectionError || error is ChannelError {
            return TernError(
                .connection,
                "could not talk to \(address) (\(ConnectionDiagnosis.words(String(describing: error)))): "
                    + "try again; if it keeps happening, check the server and the network between",
                requestLabel: label, underlying: error)
        }
        return TernError(
            .transport,
            "the exchange with \(address) failed (\(ConnectionDiagnosis.words(String(describing: error)))): try "
                + "again; if it keeps happening, --verbose shows the request that was sent",
            requestLabel: label, underlying: error)
    }

    /// What a server sent that HTTP/1.1's parser refused, in words.
    static func words(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidContentLength, .unexpectedContentLength: "a Content-Length that is not one number"
        case .invalidChunkSize: "a chunk size that is not a hexadecimal number"
        case .invalidVersion, .invalidConstant, .invalidStatus: "a status line that is not HTTP/1.x's"
        case .invalidHeaderToken, .invalidCharactersUsed, .lfExpected: "a head with bytes HTTP does not allow"
        case .headerOverflow: "a head too large"
        case .trailingGarbage: "bytes after the end of the response"
        default: ConnectionDiagnosis.words(String(describing: error))
        }
    }
}
