import Foundation
package import Tern
import TernWorkspace

extension ExplorerSession {
    /// The cookie jar of the environment in force.
    package var activeCookieJar: CookieJar { cookieJars.jar(activeEnvironment) }

    /// `cookies list [DOMAIN]`: the cookies of the jar in force (of `domain` and its subdomains), values
    /// masked in each row.
    package func cookieListing(domain: String?) -> CookieListing {
        let wanted = domain.map { CookieJar.normalizedDomainText($0) }
        let cookies = activeCookieJar.all(at: handler.clock.now).filter { cookie in
            wanted.map { CookieMatching.domainMatches(cookie.domain, $0) } ?? true
        }
        return CookieListing(rows: cookies.map(CookieRow.init), environment: activeEnvironment)
    }

    /// `cookies delete NAME [--domain DOMAIN]`: says how many went; none is an error.
    package func deleteCookies(named name: String, domain: String?) throws(ExplorerError) -> String {
        let removed = activeCookieJar.delete(name: name, domain: domain)
        guard removed > 0 else {
            throw ExplorerError(
                .usage, "no cookie named '\(name)'\(domain.map { " for \($0)" } ?? "") in \(jarScope)")
        }
        try saveCookies()
        changed()
        return "deleted \(removed) cookie\(removed == 1 ? "" : "s") named \(name) (\(jarScope))"
    }

    /// `cookies clear [DOMAIN]`: says how many went.
    package func clearCookies(domain: String?) throws(ExplorerError) -> String {
        let removed = activeCookieJar.clear(domain: domain)
        try saveCookies()
        changed()
        return "cleared \(removed) cookie\(removed == 1 ? "" : "s") (\(jarScope))"
    }

    /// `environment NAME` or `no environment`: whose jar the cookie commands change.
    private var jarScope: String { activeEnvironment.map { "environment \($0)" } ?? "no environment" }

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
