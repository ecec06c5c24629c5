import Synchronization

/// A tiny lock-protected box so a test can smuggle a value out of a closure.
final class MutexBox<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    func set(_ value: Value) { storage.withLock { $0 = value } }
    func get() -> Value { storage.withLock { $0 } }
}
