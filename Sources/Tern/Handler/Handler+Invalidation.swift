import Foundation
import HTTPTypes
import Logging

extension Handler {
    /// Methods that change nothing on the server: their answers invalidate nothing.
    static let safeMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .trace]

    /// After a successful (2xx or 3xx) answer to an unsafe method (`POST`, `PUT`, `DELETE`, `PATCH`, an
    /// unknown one), the answers stored for its URL — and for its `Location` and `Content-Location`
    /// when they share its origin — become stale: the next send asks the server again (RFC 9111 §4.4).
    /// They stay stored, so `cache` mode still replays them.
    func invalidate(after response: Response, plan: SendPlan, emitter: EventEmitter) async {
        let request = plan.request
        guard let storage, !Self.safeMethods.contains(request.method), (200..<400).contains(response.statusCode)
        else { return }
        var targets = [request.url]
        for name in [HTTPField.Name.location, .contentLocation] {
            guard let value = response.headers[values: name].first,
                let target = URL(string: value, relativeTo: request.url)?.absoluteURL,
                target.hasSameOrigin(as: request.url), !targets.contains(target)
            else { continue }
            targets.append(target)
        }
        let now = clock.now
        for target in targets {
            let url = plan.redactor.redact(url: request.cacheURL(for: target))
            do {
                if try await storage.invalidate(url: url, at: now) > 0 { emitter.emit(.cache(.invalidated(url: url))) }
            } catch {
                logger?.warning("making the answers stored for '\(url)' stale failed: \(error)")
            }
        }
    }

}
