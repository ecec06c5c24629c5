import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import Tern

#if canImport(Glibc)
    import Glibc
#endif

/// What went wrong on the way to a server, in a sentence a person can act on: it names the host and
/// port, says what happened in plain words, and what to try. No library type names, no errno.
///
/// The table of every case is in docs/http.md ("When a request fails").
enum ConnectionDiagnosis {
    /// The error for a failure to connect or talk to `url`'s server, or `nil` when `error` is of
    /// another kind.
    static func diagnose(_ error: any Error, url: URL, label: String) -> TernError? {
        let address = AttemptWatchdog.address(of: url)
        let host = url.host ?? "the server"
        func fail(_ kind: TernError.Kind, _ message: String) -> TernError {
            TernError(kind, message, requestLabel: label, underlying: error)
        }
        if let connection = error as? NIOConnectionError {
            if connection.connectionErrors.isEmpty, connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return fail(
                    .connection,
                    "the host '\(host)' was not found (DNS): check how it is spelled in the URL or baseURL, "
                        + "and that this machine is on the network that knows it")
            }
            if let first = connection.connectionErrors.first?.error {
                return diagnose(first, url: url, label: label) ?? fail(.connection, "could not connect to \(address)")
            }
        }
        if let io = error as? IOError {
            return socketFailure(io.errnoCode, address: address, error: error, label: label)
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout(let limit):
                return fail(
                    .timeout,
                    "no connection to \(address) within \(describe(limit)) (connect timeout): the server may be "
                        + "down, or a firewall may be dropping the connection")
            case .eof, .ioOnClosedChannel, .outputClosed, .inputClosed, .alreadyClosed:
                return fail(
                    .connection,
                    "\(address) closed the connection before the response was complete: try again; if it keeps "
                        + "happening, the server's logs say why")
            default:
                return nil
            }
        }
        return nil
    }

    /// A socket error by its `errno`.
    static func socketFailure(_ code: Int32, address: String, error: any Error, label: String) -> TernError {
        let message: String
        var kind = TernError.Kind.connection
        switch code {
        case ECONNREFUSED:
            message =
                "nothing is listening on \(address) (connection refused): is the server running, and on this port?"
        case ECONNRESET:
            message =
                "\(address) reset the connection (connection reset by peer): the server dropped it abruptly; "
                + "try again, and if it keeps happening, check the server"
        case ENETUNREACH:
            message =
                "\(address) cannot be reached from this machine (network unreachable): check the network "
                + "connection, a VPN, or the proxy settings"
        case EHOSTUNREACH:
            message =
                "\(address) cannot be reached from this machine (host unreachable): check the address, the "
                + "network connection or a VPN"
        case ETIMEDOUT:
            kind = .timeout
            message =
                "no connection to \(address) in time (connect timeout): the server may be down, or a firewall "
                + "may be dropping the connection"
        case EPIPE:
            message = "\(address) closed the connection while the request was being sent: try again"
        default:
            message = "could not talk to \(address) (\(String(cString: strerror(code)).lowercased()))"
        }
        return TernError(kind, message, requestLabel: label, underlying: error)
    }

    /// A library's case name as words: `HTTPClientError.bodyLengthMismatch` → `body length mismatch`,
    /// `WRONG_VERSION_NUMBER` → `wrong version number`.
    static func words(_ name: String) -> String {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        let core = last.split(separator: "(").first.map(String.init) ?? last
        if core.contains("_") { return core.replacingOccurrences(of: "_", with: " ").lowercased() }
        var words = ""
        for character in core {
            if character.isUppercase, !words.isEmpty { words += " " }
            words += character.lowercased()
        }
        return words
    }

    /// Why a TLS handshake failed, from BoringSSL's text (`…:OPENSSL_internal:WRONG_VERSION_NUMBER at …`).
    static func tlsFailure(_ text: String, address: String) -> String {
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("HTTP_REQUEST") {
            return "\(address) does not speak TLS (it answers in plain HTTP): use http:// for it, or the port "
                + "of its TLS listener"
        }
        var reason = "the server closed it"
        if let marker = text.range(of: "OPENSSL_internal:") {
            let rest = text[marker.upperBound...]
            let token = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !token.isEmpty { reason = words(String(token)) }
        }
        return "the TLS handshake with \(address) failed (\(reason)): check the URL's port and the server's "
            + "TLS settings"
    }

    /// A duration as people say it: `10 s`, `250 ms`.
    static func describe(_ amount: TimeAmount) -> String {
        let milliseconds = amount.nanoseconds / 1_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
