import Foundation
import HTTPTypes

/// Sends the cookies of a `CookieJar` and stores those the server sets, on every attempt.
///
/// The request leaves with ONE `Cookie` header: the cookies it already carried, then those of the jar
/// whose names it did not carry (a cookie the request sets itself wins), joined with `"; "`. Every
/// `Set-Cookie` of the response (also of a response an inner `ValidationInterceptor` rejected) is
/// stored for the request's URL at the handler's clock time.
///
/// The handler follows redirects hop by hop through its interceptors, so every response of a chain
/// passes here: cookies a redirect sets are stored, and the redirected request carries the ones that
/// match it. Requests with `usesCookies == false` pass through untouched.
public struct CookieInterceptor: Interceptor {
    private let jar: @Sendable (Request) async -> CookieJar?

    /// Makes the interceptor over one jar.
    public init(jar: CookieJar) {
        self.jar = { _ in jar }
    }

    /// Makes the interceptor asking `jar` for the jar of each request (one per environment, say);
    /// `nil` sends and stores no cookies for that request.
    public init(jar: @escaping @Sendable (Request) async -> CookieJar?) {
        self.jar = jar
    }

    public func intercept(_ request: Request, context: InterceptorContext, next: InterceptorNext) async throws
        -> Response
    {
        guard request.usesCookies, let jar = await jar(request) else { return try await next(request) }
        let clock = context.handler.clock
        let sent = Self.adding(jar.cookies(for: request.url, at: clock.now), to: request)
        do {
            let response = try await next(sent)
            jar.store(setCookieFields: response.headers[values: .setCookie], for: request.url, at: clock.now)
            return response
        } catch let error as TernError {
            if let response = error.response {
                jar.store(setCookieFields: response.headers[values: .setCookie], for: request.url, at: clock.now)
            }
            throw error
        }
    }

    /// `request` with one `Cookie` header: its own cookies, then those of `cookies` it does not name.
    public static func adding(_ cookies: [Cookie], to request: Request) -> Request {
        let own = request.headers[values: .cookie].flatMap { field in
            field.split(separator: ";").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        let ownNames = Set(own.map { pair in pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "" })
        let added = cookies.filter { !ownNames.contains($0.name) }.map(\.pair)
        guard !added.isEmpty else { return request }
        var request = request
        request.headers[values: .cookie] = [(own + added).joined(separator: "; ")]
        return request
    }
}
