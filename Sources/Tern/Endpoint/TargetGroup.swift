public import Foundation
public import HTTPTypes

/// A group of requests declared as an enum, Moya/Lynn style: each case gives its base URL, path and task.
///
/// ```swift
/// enum UserAPI: TargetGroup {
///     case user(id: Int), create(name: String)
///     var baseURL: String { "https://api.example.com" }
///     var path: String { switch self { case .user(let id): "/users/\(id)"; case .create: "/users" } }
///     var task: TargetTask {
///         switch self {
///         case .user: TargetTask(method: .get, parameters: ["verbose": true])
///         case .create(let name): TargetTask(method: .post, body: .json(["name": .string(name)]))
///         }
///     }
/// }
/// ```
public protocol TargetGroup: Endpoint {
    /// The base URL, e.g. `https://api.example.com`; empty means the handler's `SessionDefaults.baseURL`.
    var baseURL: String { get }
    /// The path appended to the base URL.
    var path: String { get }
    /// The method, parameters and body.
    var task: TargetTask { get }
    /// Extra headers, or `nil`.
    var headers: [String: String]? { get }
    /// The key responses are stored under; `nil` means `METHOD URL`.
    var storageKey: String? { get }
    /// The data `sample` mode serves, or `nil`.
    var sampleData: Data? { get }
    /// Seconds a stored response stays valid, or `nil` for the handler's rule.
    var validFor: TimeInterval? { get }
    /// Data, upload or download.
    var transaction: Transaction { get }
    /// Whether auth interceptors sign the request.
    var requiresAuthentication: Bool { get }
}

extension TargetGroup {
    public var headers: [String: String]? { nil }
    public var storageKey: String? { nil }
    public var sampleData: Data? { nil }
    public var validFor: TimeInterval? { nil }
    public var transaction: Transaction { .data }
    public var requiresAuthentication: Bool { true }

    public func makeRequest(in context: EndpointContext) throws(TernError) -> Request {
        let task = self.task
        var request = Request(
            method: task.method, url: try URLBuilding.url(base: context.resolveBase(baseURL, for: self), path: path),
            headers: try .from(headers ?? [:]), transaction: transaction, storageKey: storageKey, validFor: validFor,
            requiresAuthentication: requiresAuthentication, name: "\(Self.self).\(self)"
        )
        request.appendQuery(task.parameters, arrayEncoding: task.arrayEncoding ?? context.arrayEncoding)
        if let body = task.body { try request.setBody(body) }
        if let sampleData {
            request.sample = SampleResponse(status: 200, headers: [.contentType: "application/json"], body: sampleData)
        }
        return request
    }
}

/// What a target does: its method, query parameters and body (Lynn's `LynnTask`).
public struct TargetTask: Sendable {
    public var method: HTTPMethod
    public var parameters: QueryParameters
    public var arrayEncoding: ArrayEncoding?
    public var body: HTTPBody?

    /// Makes a task; parameters go to the query, the body (if any) to the body.
    public init(
        method: HTTPMethod = .get, parameters: QueryParameters = [:], arrayEncoding: ArrayEncoding? = nil,
        body: HTTPBody? = nil
    ) {
        self.method = method
        self.parameters = parameters
        self.arrayEncoding = arrayEncoding
        self.body = body
    }
}
