import Foundation
import Synchronization

/// What the `/oauth` routes issued: authorization codes, device codes, access and refresh tokens. Each
/// table keeps at most `capacity` entries (oldest dropped), so a client looping on the routes cannot grow it.
final class MockOAuthState: Sendable {
    static let capacity = 512

    struct Code {
        var clientID: String
        var redirectURI: String
        var challenge: String
        var scope: String
    }

    struct Device {
        var clientID: String
        var userCode: String
        var scope: String
        var interval: Double
        var expiresAt: Date
        var decision: Bool?
        var lastPoll: Date?
    }

    struct Access {
        var clientID: String
        var scope: String
        var expiresAt: Date
    }

    private struct Tables {
        var codes = BoundedTable<Code>()
        var devices = BoundedTable<Device>()
        var userCodes = BoundedTable<String>()
        var access = BoundedTable<Access>()
        var refresh = BoundedTable<Access>()
        var issued = 0
        var tokenRequests = 0
    }

    private let tables = Mutex(Tables())

    /// A new random value with a prefix (`at-…`, `rt-…`, `code-…`), never issued before.
    func newValue(_ prefix: String) -> String {
        tables.withLock { tables in
            tables.issued += 1
            var generator = SystemRandomNumberGenerator()
            let random = (0..<2).map { _ in String(generator.next() as UInt64, radix: 36) }.joined()
            return "\(prefix)-\(random)\(tables.issued)"
        }
    }

    func storeCode(_ code: String, _ value: Code) { tables.withLock { $0.codes[code] = value } }
    /// The code's grant, which can be used once.
    func takeCode(_ code: String) -> Code? { tables.withLock { $0.codes.remove(code) } }

    func storeDevice(_ deviceCode: String, _ value: Device) {
        tables.withLock { tables in
            tables.devices[deviceCode] = value
            tables.userCodes[value.userCode] = deviceCode
        }
    }

    /// Approves (or denies) the device code behind `userCode`; false when no such code is waiting.
    func decide(userCode: String, approve: Bool) -> Bool {
        tables.withLock { tables in
            guard let deviceCode = tables.userCodes[userCode], var device = tables.devices[deviceCode] else {
                return false
            }
            device.decision = approve
            tables.devices[deviceCode] = device
            return true
        }
    }

    /// Records a poll for `deviceCode` at `now`: the device as it was before (nil: unknown) and whether the
    /// poll came sooner than the interval allows (which adds 5 s to it, RFC 8628 §3.5). A decided code is
    /// forgotten once a poll collects the decision.
    func poll(_ deviceCode: String, at now: Date) -> (device: Device, tooFast: Bool)? {
        tables.withLock { tables in
            guard var device = tables.devices[deviceCode] else { return nil }
            let before = device
            let tooFast = before.lastPoll.map { now.timeIntervalSince($0) < before.interval * 0.8 } ?? false
            device.lastPoll = now
            if tooFast { device.interval += 5 }
            if before.decision != nil, !tooFast {
                _ = tables.devices.remove(deviceCode)
            } else {
                tables.devices[deviceCode] = device
            }
            return (before, tooFast)
        }
    }

    func storeAccess(_ token: String, _ value: Access) {
        tables.withLock { tables in
            tables.access[token] = value
            tables.tokenRequests += 1
        }
    }

    func access(_ token: String) -> Access? { tables.withLock { $0.access[token] } }
    func storeRefresh(_ token: String, _ value: Access) { tables.withLock { $0.refresh[token] = value } }
    /// The refresh token's grant; it is rotated, so it can be used once.
    func takeRefresh(_ token: String) -> Access? { tables.withLock { $0.refresh.remove(token) } }

    /// How many access tokens were issued.
    var issuedTokenCount: Int { tables.withLock { $0.tokenRequests } }
}

/// A dictionary that forgets its oldest entries beyond `MockOAuthState.capacity`.
struct BoundedTable<Value> {
    private var values: [String: Value] = [:]
    private var order: [String] = []

    subscript(key: String) -> Value? {
        get { values[key] }
        set {
            if values[key] == nil, newValue != nil {
                order.append(key)
                if order.count > MockOAuthState.capacity { values[order.removeFirst()] = nil }
            }
            values[key] = newValue
            if newValue == nil { order.removeAll { $0 == key } }
        }
    }

    mutating func remove(_ key: String) -> Value? {
        let value = values[key]
        self[key] = nil
        return value
    }
}
