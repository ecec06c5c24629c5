extension Handler {
    /// The request this handler would send for `endpoint`: the old name of `preparedRequest(for:)`.
    ///
    /// Renamed because `request(_:completion:)` and `request(targetGroup:…)` send, while this one only inspects.
    @available(*, deprecated, renamed: "preparedRequest(for:)")
    public func request(for endpoint: some Endpoint) throws(TernError) -> Request {
        try preparedRequest(for: endpoint)
    }
}
