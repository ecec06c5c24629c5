public import Tern

/// A `JSONValue` kept as bytes: a tag byte per value, integers and doubles as their 8 bytes, strings and
/// containers behind their lengths (7 bits a byte), an object's members in the order they were packed (a
/// file's order when read from a spec, else sorted by key). A sample body held this way takes about the
/// room of its text; as a tree of dictionaries and strings, with the key order of each mapping kept apart
/// for writing the file back, the samples of GitHub's REST description (623 specs) took 3 MB more of a
/// TUI's heap at idle. It is read back whole, exactly (doubles by their bits).
public struct PackedJSON: Sendable, Hashable {
    /// The encoded value.
    public let bytes: [UInt8]

    private enum Tag: UInt8 {
        case null, isFalse, isTrue, int, double, string, array, object
    }

    /// `value`, packed.
    public init(_ value: JSONValue) {
        var bytes: [UInt8] = []
        Self.pack(value, into: &bytes)
        self.init(exactly: bytes)
    }

    /// `bytes` kept in a buffer of their size: the one grown while packing has up to twice the room.
    private init(exactly bytes: [UInt8]) {
        self.bytes = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
    }

    /// A value packed as it is read: a container announces its count, then its items (an object's as
    /// key, value, key, value), each scalar given whole.
    struct Builder {
        private var bytes: [UInt8] = []

        mutating func scalar(_ value: JSONValue) { PackedJSON.pack(value, into: &bytes) }

        mutating func array(count: Int) {
            bytes.append(Tag.array.rawValue)
            PackedJSON.length(count, into: &bytes)
        }

        mutating func object(count: Int) {
            bytes.append(Tag.object.rawValue)
            PackedJSON.length(count, into: &bytes)
        }

        mutating func key(_ key: String) { PackedJSON.string(key, into: &bytes) }

        /// What was given, packed.
        var packed: PackedJSON { PackedJSON(exactly: bytes) }
    }

    /// The value built up in the packed order: `scalar` for each null, boolean, number and string, `array` and
    /// `object` for the containers, an object's members in the order they were packed.
    func fold<T>(scalar: (JSONValue) -> T, array: ([T]) -> T, object: ([(key: String, value: T)]) -> T) -> T {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            return Self.fold(buffer, at: &offset, scalar: scalar, array: array, object: object)
        }
    }

    private static func fold<T>(
        _ buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int, scalar: (JSONValue) -> T, array: ([T]) -> T,
        object: ([(key: String, value: T)]) -> T
    ) -> T {
        switch Tag(rawValue: buffer[offset]) {
        case .array:
            offset += 1
            let count = length(buffer, at: &offset)
            var items: [T] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                items.append(fold(buffer, at: &offset, scalar: scalar, array: array, object: object))
            }
            return array(items)
        case .object:
            offset += 1
            let count = length(buffer, at: &offset)
            var members: [(key: String, value: T)] = []
            members.reserveCapacity(count)
            for _ in 0..<count {
                let key = string(buffer, at: &offset)
                members.append((key, fold(buffer, at: &offset, scalar: scalar, array: array, object: object)))
            }
            return object(members)
        default:
            return scalar(scalarValue(buffer, at: &offset))
        }
    }

    /// The value the bytes hold.
    public var value: JSONValue {
        fold(
            scalar: { $0 }, array: { .array($0) },
            object: { .object(Dictionary($0.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })) })
    }

    /// Whether the packed value is `null` (without unpacking it).
    public var isNull: Bool { bytes == [Tag.null.rawValue] }

    private static func pack(_ value: JSONValue, into bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(Tag.null.rawValue)
        case .bool(let flag): bytes.append(flag ? Tag.isTrue.rawValue : Tag.isFalse.rawValue)
        case .int(let number):
            bytes.append(Tag.int.rawValue)
            word(UInt64(bitPattern: Int64(number)), into: &bytes)
        case .double(let number):
            bytes.append(Tag.double.rawValue)
            word(number.bitPattern, into: &bytes)
        case .string(let text):
            bytes.append(Tag.string.rawValue)
            string(text, into: &bytes)
        case .array(let items):
            bytes.append(Tag.array.rawValue)
            length(items.count, into: &bytes)
            for item in items { pack(item, into: &bytes) }
        case .object(let members):
            bytes.append(Tag.object.rawValue)
            length(members.count, into: &bytes)
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                string(key, into: &bytes)
                pack(member, into: &bytes)
            }
        }
    }

    private static func word(_ value: UInt64, into bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func length(_ count: Int, into bytes: inout [UInt8]) {
        var rest = UInt64(count)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func string(_ text: String, into bytes: inout [UInt8]) {
        length(text.utf8.count, into: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    // Reads only what `pack` wrote: the bytes are made here and never come from outside.
    private static func scalarValue(_ buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> JSONValue {
        let tag = Tag(rawValue: buffer[offset]) ?? .null
        offset += 1
        switch tag {
        case .isFalse: return .bool(false)
        case .isTrue: return .bool(true)
        case .int: return .int(Int(Int64(bitPattern: word(buffer, at: &offset))))
        case .double: return .double(Double(bitPattern: word(buffer, at: &offset)))
        case .string: return .string(string(buffer, at: &offset))
        case .null, .array, .object: return .null  // containers are read by `fold`
        }
    }

    private static func word(_ buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(buffer[offset + index]) << UInt64(8 * index) }
        offset += 8
        return value
    }

    private static func length(_ buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int {
        var count = 0
        var shift = 0
        while true {
            let byte = buffer[offset]
            offset += 1
            count |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return count }
            shift += 7
        }
    }

    private static func string(_ buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> String {
        let count = length(buffer, at: &offset)
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + count]), as: UTF8.self)
        offset += count
        return text
    }
}
