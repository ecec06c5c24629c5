import Foundation
import HTTPTypes
import Synchronization

extension Handler {
    /// `request` as one attempt of it goes on the wire: the defaults applied (`preparedRequest`), then the
    /// interceptors' changes, without sending it; for a caller that sends the same request many times on its
    /// own (a load's `WireLoadDriver`). An interceptor that would answer a challenge (digest) or sign each
    /// request (AWS) needs the send itself: such a request is not for this.
    package func wireRequest(for endpoint: some Endpoint) async throws(TernError) -> Request {
        let prepared = try preparedRequest(for: endpoint)
        let captured = Mutex<Request?>(nil)
        let capture: InterceptorNext = { request in
            captured.withLock { $0 = request }
            // An empty answer: no interceptor finds a challenge, a cookie or a token to refresh in it.
            return Response(status: .noContent, request: request)
        }
        do {
            _ = try await chain(around: capture, requestID: nextRequestID(), attempt: 1)(prepared)
        } catch {
            throw TernError.wrap(error, requestLabel: prepared.label)
        }
        guard let request = captured.withLock({ $0 }) else {
            throw TernError(.invalidRequest, "an interceptor answered \(prepared.label) without sending it")
        }
        return request
    }

    /// A live answer as `reply` brought it, its body decoded as a send decodes it (`automaticDecompression`).
    package func liveResponse(_ reply: TransportResponse, to request: Request, duration: Duration) throws(TernError)
        -> Response
    {
        var response = Response(
            status: reply.status, headers: reply.headers, body: reply.body, source: .live, request: request,
            timing: Response.Timing(start: clock.now, duration: duration))
        response.phases = reply.phases
        try Self.decodeContent(
            of: &response, reply: reply, limits: transport.transferLimits, enabled: defaults.automaticDecompression)
        return response
    }
}
