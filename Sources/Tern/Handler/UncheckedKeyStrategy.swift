import Foundation

/// Carries a `JSONDecoder.KeyDecodingStrategy` (not `Sendable`: its `.custom` case holds a plain
/// closure) into a `@Sendable` closure or a task.
///
/// Safe: the value is immutable and only read; a `.custom` closure is only ever called
/// synchronously by the one decoder made where the value is read, never from two tasks at once.
struct UncheckedKeyStrategy: @unchecked Sendable {
    let value: JSONDecoder.KeyDecodingStrategy
    init(_ value: JSONDecoder.KeyDecodingStrategy) { self.value = value }
}
