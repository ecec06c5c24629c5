public import HTTPTypes

extension HTTPFields {
    /// The fields as a transport writes them on an HTTP/1.1 connection: every `Cookie` field
    /// joined into one line with `"; "` at the place of the first (RFC 6265 §5.4: a user agent
    /// sends a single `Cookie` header), the others unchanged and in order.
    public var wireFields: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var cookieIndex: Int?
        for field in self {
            if field.name == .cookie {
                if let index = cookieIndex {
                    result[index].value += "; " + field.value
                } else {
                    cookieIndex = result.count
                    result.append((name: field.name.rawName, value: field.value))
                }
            } else {
                result.append((name: field.name.rawName, value: field.value))
            }
        }
        return result
    }
}
