public import Foundation

/// Turns response bytes into a value (Dyson's `Mapper`): Codable by default, or any closure.
public struct Mapper<Value>: Sendable {
    private let transform: @Sendable (Data) throws -> Value

    /// A mapper from a closure.
    public init(_ transform: @escaping @Sendable (Data) throws -> Value) {
        self.transform = transform
    }

    /// Maps `data`.
    public func map(_ data: Data) throws -> Value {
        try transform(data)
    }
}

extension Mapper where Value: Decodable & SendableMetatype {
    /// JSON decoding with default keys.
    public static var codable: Mapper { codable(keyDecodingStrategy: .useDefaultKeys) }

    /// JSON decoding with a key strategy (e.g. `.convertFromSnakeCase`).
    public static func codable(keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy) -> Mapper {
        Mapper { data in
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = keyDecodingStrategy
            return try decoder.decode(Value.self, from: data)
        }
    }
}

extension Mapper where Value == Data {
    /// The bytes as they are.
    public static var raw: Mapper { Mapper { $0 } }
}

extension Mapper where Value == String {
    /// The bytes as UTF-8 text (invalid UTF-8 is an error).
    public static var text: Mapper {
        Mapper { data in
            guard let text = String(data: data, encoding: .utf8) else {
                throw TernError(.decoding, "the body is not valid UTF-8")
            }
            return text
        }
    }
}

extension Mapper where Value == Void {
    /// Ignores the body (for 204 and friends).
    public static var ignore: Mapper { Mapper { _ in () } }
}

/// An error type for specs whose error bodies are not mapped: any non-2xx status is a `TernError`.
public struct NoErrorBody: Error, Decodable, Sendable {}
