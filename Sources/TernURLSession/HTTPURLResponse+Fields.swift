import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// The header fields as `HTTPFields`, sorted by lowercased name.
    ///
    /// FoundationNetworking keeps response headers in a dictionary: the order they arrived in is
    /// lost and repeated fields (including `Set-Cookie`) arrive joined with `", "`. Sorting makes
    /// the result at least stable.
    var fields: HTTPFields {
        var pairs: [(name: String, value: String)] = []
        for (key, value) in allHeaderFields {
            guard let name = key as? String, let value = value as? String else { continue }
            pairs.append((name, value))
        }
        pairs.sort { $0.name.lowercased() < $1.name.lowercased() }
        var fields = HTTPFields()
        for pair in pairs {
            guard let name = HTTPField.Name(pair.name) else { continue }
            fields.append(HTTPField(name: name, value: pair.value))
        }
        return fields
    }
}
