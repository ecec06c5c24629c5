import Foundation
import Tern

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Maps a URLSession failure to a `TernError` kind the retry policy understands.
    ///
    /// `truncated` says the response head arrived but the body stopped short of its
    /// `Content-Length`. FoundationNetworking reports such a drop (curl's "transfer closed with
    /// N bytes remaining") as `URLError(.unknown)`; it is a lost connection, so it maps to
    /// `.connection` like `.networkConnectionLost`.
    static func map(_ error: any Error, label: String, truncated: Bool) -> TernError {
        if let ternError = error as? TernError { return ternError }
        if error is CancellationError {
            return TernError(.cancelled, "the request was cancelled", requestLabel: label)
        }
        guard let urlError = error as? URLError else {
            return TernError(.transport, String(describing: error), requestLabel: label, underlying: error)
        }
        let detail = urlError.localizedDescription
        switch urlError.code {
        case .cancelled:
            return TernError(.cancelled, "the request was cancelled", requestLabel: label, underlying: error)
        case .timedOut:
            return TernError(.timeout, "no response before the deadline", requestLabel: label, underlying: error)
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed:
            return TernError(
                .connection, "could not talk to the server: \(detail)", requestLabel: label, underlying: error)
        default:
            if truncated {
                return TernError(
                    .connection, "the connection closed before the body was complete: \(detail)", requestLabel: label,
                    underlying: error)
            }
            return TernError(.transport, "URLSession failed: \(detail)", requestLabel: label, underlying: error)
        }
    }
}
