public import Foundation
public import HTTPTypes

/// A path and a method (JustNetworking's `Route`).
public struct Route: Sendable, Hashable {
    public var path: String
    public var method: HTTPMethod

    /// Makes a route.
    public init(path: String, method: HTTPMethod = .get) {
        self.path = path
        self.method = method
    }
}

/// Names routes, usually as an enum per domain; the base URL defaults to the handler's.
///
/// ```swift
/// enum UserRouter: Router {
///     case user(id: String)
///     var route: Route { switch self { case .user(let id): Route(path: "/users/\(id)", method: .get) } }
/// }
/// try await handler.send(UserRouter.user(id: "12"))
/// try await handler.send(UserRouter.user(id: "12").with(compose(addQuery(["years": 2015]), set(\.timeout,
/// .seconds(5)))))
/// ```
public protocol Router: Endpoint {
    /// The path and method.
    var route: Route { get }
    /// A base URL of its own; `nil` (the default) uses the handler's `SessionDefaults.baseURL`.
    var baseURL: URL? { get }
}

extension Router {
    public var baseURL: URL? { nil }

    public func makeRequest(in context: EndpointContext) throws(TernError) -> Request {
        guard let base = baseURL ?? context.baseURL else {
            throw TernError(
                .invalidRequest, "\(Self.self).\(self) has no baseURL and the handler has no default base URL")
        }
        let route = self.route
        return Request(
            method: route.method, url: try URLBuilding.url(base: base.absoluteString, path: route.path),
            name: "\(Self.self).\(self)"
        )
    }

    /// This route with request builders applied after lowering.
    public func with(_ builder: @escaping RequestBuilder) -> RequestFactory<Self> {
        RequestFactory(router: self, builder: builder)
    }
}

/// A router plus a builder that shapes the lowered request (JustNetworking's `RequestFactory`).
public struct RequestFactory<R: Router>: Endpoint {
    public let router: R
    public let builder: RequestBuilder

    /// Makes a factory.
    public init(router: R, builder: @escaping RequestBuilder) {
        self.router = router
        self.builder = builder
    }

    public func makeRequest(in context: EndpointContext) throws(TernError) -> Request {
        let request = try router.makeRequest(in: context)
        do {
            return try builder(request)
        } catch let error as TernError {
            throw TernError.wrap(error, requestLabel: request.label)
        } catch {
            // A builder only shapes the request, so whatever it throws means the request cannot be
            // made: an invalid request (never retried), not a transport failure.
            throw TernError(
                .invalidRequest, "a request builder failed: \(error)", requestLabel: request.label, underlying: error)
        }
    }
}
