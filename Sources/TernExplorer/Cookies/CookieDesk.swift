import Foundation
import Tern
import TernWorkspace

/// The cookie jar of the environment in force (`cookies list|delete|clear`).
struct CookieDesk: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `CookieDesk` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// The cookie jar of the environment in force.
    var activeCookieJar: CookieJar {
        context.services.cookieJars.jar(context.services.cookieJar ?? activeEnvironment)
    }

    /// `cookies list [DOMAIN]`: the cookies of the jar in force (of `domain` and its subdomains), values
    /// masked in each row.
    func listing(domain: String?) -> CookieListing {
        let wanted = domain.map { CookieJar.normalizedDomainText($0) }
        let cookies = activeCookieJar.all(at: handler.clock.now).filter { cookie in
            wanted.map { CookieMatching.domainMatches(cookie.domain, $0) } ?? true
        }
        return CookieListing(rows: cookies.map(CookieRow.init), environment: activeEnvironment)
    }

    /// `cookies delete NAME [--domain DOMAIN]`: says how many went; none is an error.
    func delete(named name: String, domain: String?) throws(ExplorerError) -> String {
        let removed = activeCookieJar.delete(name: name, domain: domain)
        guard removed > 0 else {
            throw ExplorerError(
                .usage, "no cookie named '\(name)'\(domain.map { " for \($0)" } ?? "") in \(jarScope)")
        }
        try save()
        changed()
        return "deleted \(removed) cookie\(removed == 1 ? "" : "s") named \(name) (\(jarScope))"
    }

    /// `cookies clear [DOMAIN]`: says how many went.
    func clear(domain: String?) throws(ExplorerError) -> String {
        let removed = activeCookieJar.clear(domain: domain)
        try save()
        changed()
        return "cleared \(removed) cookie\(removed == 1 ? "" : "s") (\(jarScope))"
    }

    /// `environment NAME` or `no environment`: whose jar the cookie commands change.
    private var jarScope: String {
        if let named = context.services.cookieJar { return named.replacingOccurrences(of: ":", with: " ") }
        return activeEnvironment.map { "environment \($0)" } ?? "no environment"
    }

    /// Writes `.tern/cookies.json` when a jar changed.
    func save() throws(ExplorerError) {
        do {
            try context.services.cookieJars.saveIfChanged()
        } catch {
            throw ExplorerError(.storage, "the cookies could not be saved: \(error)")
        }
    }
}
