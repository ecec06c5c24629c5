import Foundation
package import Tern
import TernWorkspace

extension ExplorerSession {
    /// The cookie jar of the environment in force.
    package var activeCookieJar: CookieJar { cookieJars.jar(activeEnvironment) }

    /// `cookies list [DOMAIN]|delete NAME [--domain D]|clear [DOMAIN]` on the jar of the environment in force.
    func cookies(_ action: Command.CookieAction) throws(ExplorerError) -> CommandOutput {
        let jar = activeCookieJar
        let now = handler.clock.now
        let environment = activeEnvironment.map { "environment \($0)" } ?? "no environment"
        switch action {
        case .list(let domain):
            let wanted = domain.map { CookieJar.normalizedDomainText($0) }
            let cookies = jar.all(at: now).filter { cookie in
                wanted.map { CookieMatching.domainMatches(cookie.domain, $0) } ?? true
            }
            return .cookies(cookies.map(CookieRow.init), environment: activeEnvironment)
        case .delete(let name, let domain):
            let removed = jar.delete(name: name, domain: domain)
            guard removed > 0 else {
                throw ExplorerError(
                    .usage, "no cookie named '\(name)'\(domain.map { " for \($0)" } ?? "") in \(environment)")
            }
            try saveCookies()
            changed()
            return .done("deleted \(removed) cookie\(removed == 1 ? "" : "s") named \(name) (\(environment))")
        case .clear(let domain):
            let removed = jar.clear(domain: domain)
            try saveCookies()
            changed()
            return .done("cleared \(removed) cookie\(removed == 1 ? "" : "s") (\(environment))")
        }
    }

    /// Writes `.tern/cookies.json` when a jar changed.
    func saveCookies() throws(ExplorerError) {
        do {
            try cookieJars.saveIfChanged()
        } catch {
            throw ExplorerError(.storage, "the cookies could not be saved: \(error)")
        }
    }

    /// `request` marked for the cookie interceptor, with the jar's cookies already in its `Cookie`
    /// header when it uses the jar: so they take part in its cache identity, and a response stored while
    /// signed in never answers a request sent signed out.
    func withCookies(_ request: Request, spec: SpecDefinition) -> Request {
        var request = request
        request.usesCookies = usesCookies && spec.cookies
        guard request.usesCookies else { return request }
        let jar = cookieJars.jar(request.cachePartition)
        return CookieInterceptor.adding(jar.cookies(for: request.url, at: handler.clock.now), to: request)
    }
}
