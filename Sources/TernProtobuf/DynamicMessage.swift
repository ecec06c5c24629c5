/// One value of a field: a scalar, an enum number or a message.
public enum ProtobufValue: Sendable, Equatable {
    case int32(Int32)
    case int64(Int64)
    case uint32(UInt32)
    case uint64(UInt64)
    case float(Float)
    case double(Double)
    case bool(Bool)
    case string(String)
    case bytes([UInt8])
    case enumNumber(Int32)
    case message(DynamicMessage)
}

/// The key of a map entry (maps take integer, bool and string keys).
public enum MapKey: Sendable, Hashable {
    case int32(Int32)
    case int64(Int64)
    case uint32(UInt32)
    case uint64(UInt64)
    case bool(Bool)
    case string(String)
}

/// A map field's entries, in the order they were first set; setting a key again replaces its value.
public struct ProtobufMap: Sendable, Equatable {
    public private(set) var keys: [MapKey] = []
    private var values: [MapKey: ProtobufValue] = [:]

    public init() {}

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: MapKey) -> ProtobufValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The entries in order.
    public var entries: [(key: MapKey, value: ProtobufValue)] {
        keys.compactMap { key in values[key].map { (key: key, value: $0) } }
    }

    public static func == (lhs: ProtobufMap, rhs: ProtobufMap) -> Bool { lhs.values == rhs.values }
}

/// The value of a set field.
public enum FieldValue: Sendable, Equatable {
    case single(ProtobufValue)
    case list([ProtobufValue])
    case map(ProtobufMap)
}

/// A message of any type of a `DescriptorPool`, without generated code: its set fields by number,
/// and the bytes of fields its type doesn't know (kept and written back on encoding).
public struct DynamicMessage: Sendable, Equatable {
    public let descriptor: MessageDescriptor
    /// Set fields by number. Fields without presence are absent when they hold their zero value.
    public private(set) var values: [Int32: FieldValue] = [:]
    /// Fields the type doesn't declare (and closed-enum numbers it doesn't know), as raw wire bytes.
    public var unknownFields: [UInt8] = []

    /// An empty message of the type.
    public init(_ descriptor: MessageDescriptor) {
        self.descriptor = descriptor
    }

    /// The value of the field with this number; setting a oneof member clears the others, and a
    /// number the type doesn't declare is ignored.
    public subscript(number: Int32) -> FieldValue? {
        get { values[number] }
        set {
            guard let newValue else {
                values[number] = nil
                return
            }
            set(number, newValue)
        }
    }

    /// The value of the field with this proto or JSON name.
    public subscript(name: String) -> FieldValue? {
        descriptor.data.byName[name].flatMap { values[descriptor.data.fields[$0].number] }
    }

    /// Stores `value`, clearing the other members of the field's oneof; a field without presence
    /// set to its zero value is cleared instead.
    mutating func set(_ number: Int32, _ value: FieldValue) {
        let data = descriptor.data
        guard let index = data.byNumber[number] else { return }  // not a field of the type
        let field = data.fields[index]
        if let oneof = field.oneofIndex {
            for other in data.fields where other.oneofIndex == oneof && other.number != number {
                values[other.number] = nil
            }
        }
        if !field.hasPresence, !field.isRepeated, case .single(let scalar) = value, scalar.isZero {
            values[number] = nil
        } else if case .list(let list) = value, list.isEmpty {
            values[number] = nil
        } else if case .map(let map) = value, map.isEmpty {
            values[number] = nil
        } else {
            values[number] = value
        }
    }

    /// Removes and returns a field's value (for in-place updates without copying).
    mutating func take(_ number: Int32) -> FieldValue? {
        values.removeValue(forKey: number)
    }

    public static func == (lhs: DynamicMessage, rhs: DynamicMessage) -> Bool {
        lhs.descriptor == rhs.descriptor && lhs.values == rhs.values && lhs.unknownFields == rhs.unknownFields
    }
}

extension ProtobufValue {
    /// The zero value of a proto3 field (-0.0 is not zero: its bits differ, as protobuf sees it).
    var isZero: Bool {
        switch self {
        case .int32(let value): value == 0
        case .int64(let value): value == 0
        case .uint32(let value): value == 0
        case .uint64(let value): value == 0
        case .float(let value): value.bitPattern == 0
        case .double(let value): value.bitPattern == 0
        case .bool(let value): !value
        case .string(let value): value.isEmpty
        case .bytes(let value): value.isEmpty
        case .enumNumber(let value): value == 0
        case .message: false
        }
    }

    /// The zero value of a field type; nil for messages.
    static func zero(of type: FieldDescriptor.FieldType) -> ProtobufValue? {
        switch type {
        case .double: .double(0)
        case .float: .float(0)
        case .int64, .sint64, .sfixed64: .int64(0)
        case .uint64, .fixed64: .uint64(0)
        case .int32, .sint32, .sfixed32: .int32(0)
        case .uint32, .fixed32: .uint32(0)
        case .bool: .bool(false)
        case .string: .string("")
        case .bytes: .bytes([])
        case .enum: .enumNumber(0)
        case .message, .group: nil
        }
    }
}

extension MapKey {
    init?(_ value: ProtobufValue) {
        switch value {
        case .int32(let value): self = .int32(value)
        case .int64(let value): self = .int64(value)
        case .uint32(let value): self = .uint32(value)
        case .uint64(let value): self = .uint64(value)
        case .bool(let value): self = .bool(value)
        case .string(let value): self = .string(value)
        default: return nil
        }
    }

    var value: ProtobufValue {
        switch self {
        case .int32(let value): .int32(value)
        case .int64(let value): .int64(value)
        case .uint32(let value): .uint32(value)
        case .uint64(let value): .uint64(value)
        case .bool(let value): .bool(value)
        case .string(let value): .string(value)
        }
    }
}
