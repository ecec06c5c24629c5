public import Foundation

/// What a user must do for an interactive OAuth 2.0 grant, handed to the `present` closure of
/// `AuthenticationInterceptor` / `OAuth2Interceptor` so a front end can show it.
public enum OAuth2Prompt: Sendable, Hashable {
    /// Authorization code: open `url` in a browser and sign in; the redirect comes back to `redirectURI`
    /// (a listener on 127.0.0.1).
    case openURL(URL, redirectURI: String)
    /// Device code: open `verificationURL` (on any device) and enter `userCode` before `expiresAt`;
    /// `completeURL`, when the provider gives one, carries the code already.
    case enterCode(userCode: String, verificationURL: URL, completeURL: URL?, expiresAt: Date)
    /// The sign-in finished (a token arrived) or failed: whatever was shown can go.
    case finished(succeeded: Bool)

    /// The prompt as lines of text, for a terminal.
    public var lines: [String] {
        switch self {
        case .openURL(let url, let redirectURI):
            return [
                "Sign in: open this URL in a browser", url.absoluteString,
                "Tern waits for the redirect to \(redirectURI)",
            ]
        case .enterCode(let userCode, let verificationURL, let completeURL, _):
            var lines = ["Sign in: go to \(verificationURL.absoluteString) and enter the code \(userCode)"]
            if let completeURL { lines.append("(or open \(completeURL.absoluteString))") }
            return lines
        case .finished(let succeeded):
            return [succeeded ? "Signed in." : "The sign-in did not finish."]
        }
    }
}
