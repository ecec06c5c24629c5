package import Foundation
import Tern
import TernWorkspace

/// A stored OAuth 2.0 token as `auth status` shows it: what it is for and until when, never the token.
package struct SignInRow: Sendable, Hashable {
    /// The environment (`""`: none).
    package var environment: String
    /// Grant, client, token endpoint and scope.
    package var summary: String
    /// When the access token expires (`nil`: the provider did not say).
    package var expiresAt: Date?
    /// Whether a refresh token is kept (so expiry needs no new sign-in).
    package var hasRefreshToken: Bool

    /// `client_credentials tern-demo → http://…/oauth/token [read] · token •••••• · expires in 59m`.
    package func line(now: Date) -> String {
        var parts = [summary, "token \(Redactor.mask)"]
        if let expiresAt {
            let left = expiresAt.timeIntervalSince(now)
            parts.append(left > 0 ? "expires in \(HumanUnits.short(left))" : "expired \(HumanUnits.short(-left)) ago")
        } else {
            parts.append("no expiry given")
        }
        if hasRefreshToken { parts.append("refresh token kept") }
        return parts.joined(separator: " · ")
    }

    /// What every face shows for `auth status`: one line per token, or why there is none.
    package static func lines(_ rows: [SignInRow], environment: String?, now: Date) -> [String] {
        let scope = environment.map { "environment \($0)" } ?? "no environment"
        guard !rows.isEmpty else { return ["no OAuth 2.0 tokens (\(scope)); a send or 'auth login' signs in"] }
        return rows.map { $0.line(now: now) } + ["\(rows.count) token\(rows.count == 1 ? "" : "s") (\(scope))"]
    }
}

/// The OAuth 2.0 sign-ins of the environment in force (`auth status|login|logout`, `tern auth token`).
struct SignIns: ExplorerOperation {
    /// The session as it was when the operation began.
    let context: ExplorerContext

    /// `SignIns` in `context`.
    init(_ context: ExplorerContext) {
        self.context = context
    }

    /// `auth status`: the stored OAuth 2.0 tokens of the environment in force, never the tokens.
    func listing() -> SignInListing {
        let environment = activeEnvironment
        let rows = context.services.oauthTokens.list().filter { $0.environment == (environment ?? "") }.map { entry in
            SignInRow(
                environment: entry.environment, summary: entry.summary, expiresAt: entry.token.expiresAt,
                hasRefreshToken: entry.token.refreshToken != nil)
        }
        return SignInListing(rows: rows, environment: environment)
    }

    /// `auth login [SPEC]`: gets a token now for `name`'s OAuth 2.0 configuration; says for what and until when.
    func signIn(_ name: String?) async throws(ExplorerError) -> String {
        let (configuration, authenticator) = try oauthAuthenticator(name)
        _ = try await token(from: authenticator)
        let expiry = authenticator.currentToken?.expiresAt.map {
            ", expires in \(HumanUnits.short($0.timeIntervalSince(handler.clock.now)))"
        }
        return "signed in: \(configuration.summary) (token \(Redactor.mask)\(expiry ?? ""))"
    }

    /// `auth logout [--all]`: forgets the environment's tokens (every environment's with `all`); says how many.
    func signOut(all: Bool) throws(ExplorerError) -> String {
        let environment = activeEnvironment
        let removed: Int
        do {
            removed = try context.services.oauthTokens.forget(environment: all ? nil : (environment ?? ""))
        } catch {
            throw ExplorerError(.storage, "the tokens could not be forgotten: \(error)")
        }
        // Then the ones in memory (their storage entries are gone already).
        context.services.oauth2.signOut(partition: environment, all: all)
        let scope = all ? "every environment" : (environment.map { "environment \($0)" } ?? "no environment")
        return "forgot \(removed) OAuth 2.0 token\(removed == 1 ? "" : "s") (\(scope))"
    }

    /// The current access token for `name`'s OAuth 2.0 configuration, signing in when needed: what
    /// `tern auth token` prints for scripts (`curl --oauth2-bearer "$(tern auth token SPEC)"`).
    func accessToken(for name: String?) async throws(ExplorerError) -> String {
        try await token(from: oauthAuthenticator(name).authenticator)
    }

    /// The configuration and the session's authenticator of `name`'s `oauth2` auth (see `oauthRequest`).
    private func oauthAuthenticator(_ name: String?) throws(ExplorerError) -> (
        configuration: OAuth2Configuration, authenticator: OAuth2Authenticator
    ) {
        let request = try oauthRequest(name)
        guard case .oauth2(let configuration) = request.authentication else {
            throw ExplorerError(.usage, "\(request.name ?? "the spec") does not use auth type oauth2")
        }
        let key = OAuth2TokenKey(configuration: configuration, partition: request.cachePartition)
        return (configuration, context.services.oauth2.authenticator(for: key))
    }

    /// A usable access token from `authenticator`, signing in or refreshing first when needed.
    private func token(from authenticator: OAuth2Authenticator) async throws(ExplorerError) -> String {
        do {
            return try await authenticator.accessToken(handler: handler)
        } catch {
            throw ExplorerError(.request, "the OAuth 2.0 sign-in failed: \(error.message)", underlying: error)
        }
    }

    /// The resolved request whose `oauth2` auth `auth login` uses: `name`'s, else the selected spec's, else
    /// the one OAuth 2.0 configuration the workspace's specs share.
    private func oauthRequest(_ name: String?) throws(ExplorerError) -> Request {
        if name != nil || edits.selectedID != nil {
            let request = try resolve(try entry(name))
            if case .oauth2 = request.authentication { return request }
            if name != nil { throw ExplorerError(.usage, "\(name ?? "") does not use auth type oauth2") }
        }
        var found: [OAuth2Configuration: (id: String, request: Request)] = [:]
        for entry in workspace.specs {
            guard let request = try? resolve(edits.current(entry)),
                case .oauth2(let configuration) = request.authentication, found[configuration] == nil
            else { continue }
            found[configuration] = (entry.id, request)
        }
        guard found.count == 1, let only = found.values.first else {
            if found.isEmpty { throw ExplorerError(.usage, "no spec in this workspace uses auth type oauth2") }
            let ids = found.values.map(\.id).sorted().joined(separator: ", ")
            throw ExplorerError(.usage, "several OAuth 2.0 sign-ins are configured: name a spec (\(ids))")
        }
        return only.request
    }
}
