import Foundation
import HTTPTypes
import Logging

extension Handler {
    /// One attempt, redirects followed by the request's policy (else the handler's): each hop runs the
    /// interceptors, so the cookie jar stores what a redirect sets and sends what matches the next hop.
    func followingRedirects(
        _ request: Request, attempt: Int, resumeOffset: Int64?, plan: SendPlan, emitter: EventEmitter
    ) async throws -> Response {
        let policy = request.redirectPolicy ?? redirectPolicy
        var current = request
        var hops: [RedirectHop] = []
        while true {
            var response = try await runChain(
                current, attempt: attempt, resumeOffset: hops.isEmpty ? resumeOffset : nil, streaming: plan.streaming,
                emitter: emitter)
            guard policy.follow,
                let next = RedirectStep.next(after: current, status: response.statusCode, headers: response.headers)
            else {
                response.redirects = hops
                return response
            }
            guard hops.count < policy.maximum else {
                throw TernError(
                    .tooManyRedirects,
                    "gave up after \(hops.count) redirect\(hops.count == 1 ? "" : "s") (limit \(policy.maximum))",
                    requestLabel: plan.label, attempt: attempt)
            }
            let hop = RedirectHop(
                status: response.statusCode,
                from: "\(current.method.rawValue) \(plan.redactor.redact(url: current.url))",
                to: plan.redactor.redact(url: next.url), method: next.method.rawValue)
            hops.append(hop)
            logger?.debug("\(plan.label): \(hop.status) to \(hop.to)")
            emitter.emit(.redirect(hop))
            current = next
        }
    }
}
