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

    /// `request` marked for the cookie interceptor (`--no-cookies`, a spec's `cookies: false`).
    ///
    /// The interceptor adds the jar's cookies after the storage key is made, so they are not part of
    /// the request's identity: cookies rotate with every sign-in, and keying by them would make every
    /// recorded answer unreachable offline after the next login (see docs/cache.md).
    func withCookies(_ request: Request, spec: SpecDefinition) -> Request {
        var request = request
        request.usesCookies = usesCookies && spec.cookies
        return request
    }
}
