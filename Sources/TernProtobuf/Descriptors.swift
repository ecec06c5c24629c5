/// How a file declares its fields' presence and encoding.
public enum ProtobufSyntax: String, Sendable, Hashable {
    case proto2
    case proto3
    /// Editions files: presence and packing come from their features; otherwise proto2-like.
    case editions
}

/// A message type of a `DescriptorPool`: its fields, oneofs and where it was declared. Types are
/// resolved through the pool, so recursive messages are fine; the descriptor keeps the pool's
/// tables alive.
public final class MessageDescriptor: Sendable, Hashable, CustomStringConvertible {
    let schema: Schema
    let index: Int

    init(schema: Schema, index: Int) {
        self.schema = schema
        self.index = index
    }

    var data: MessageData { schema.messages[index] }

    /// `pkg.Outer.Inner`.
    public var fullName: String { data.fullName }
    /// `Inner`.
    public var name: String { data.name }
    /// The `.proto` file that declares the message.
    public var fileName: String { data.fileName }
    public var syntax: ProtobufSyntax { data.syntax }
    /// The fields in declaration order.
    public var fields: [FieldDescriptor] { data.fields.map { FieldDescriptor(schema: schema, data: $0) } }
    /// The names of the oneofs, in declaration order (synthetic proto3 `optional` oneofs included);
    /// `FieldDescriptor.oneofIndex` points into this list.
    public var oneofs: [String] { data.oneofs }
    /// True for the synthetic `XxxEntry` type of a map field.
    public var isMapEntry: Bool { data.isMapEntry }

    /// The field with this proto name or JSON name.
    public func field(named name: String) -> FieldDescriptor? {
        data.byName[name].map { FieldDescriptor(schema: schema, data: data.fields[$0]) }
    }

    /// The field with this number.
    public func field(number: Int32) -> FieldDescriptor? {
        data.byNumber[number].map { FieldDescriptor(schema: schema, data: data.fields[$0]) }
    }

    public var description: String { fullName }

    public static func == (lhs: MessageDescriptor, rhs: MessageDescriptor) -> Bool {
        lhs.schema === rhs.schema && lhs.index == rhs.index
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(schema))
        hasher.combine(index)
    }
}

/// An enum type of a `DescriptorPool`.
public final class EnumDescriptor: Sendable, Hashable, CustomStringConvertible {
    let schema: Schema
    let index: Int

    init(schema: Schema, index: Int) {
        self.schema = schema
        self.index = index
    }

    var data: EnumData { schema.enums[index] }

    public var fullName: String { data.fullName }
    public var name: String { data.name }
    /// The values in declaration order (aliases included).
    public var values: [(name: String, number: Int32)] { data.values }
    /// Closed enums (proto2) keep numbers they don't declare as unknown fields.
    public var isClosed: Bool { data.isClosed }

    /// The first name declared for `number`.
    public func name(of number: Int32) -> String? { data.byNumber[number] }
    /// The number of the value called `name`.
    public func number(of name: String) -> Int32? { data.byName[name] }

    public var description: String { fullName }

    public static func == (lhs: EnumDescriptor, rhs: EnumDescriptor) -> Bool {
        lhs.schema === rhs.schema && lhs.index == rhs.index
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(schema))
        hasher.combine(index)
    }
}

/// A field of a message type.
public struct FieldDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The protobuf field types, numbered as in descriptor.proto.
    public enum FieldType: Int, Sendable, Hashable, CaseIterable {
        case double = 1
        case float = 2
        case int64 = 3
        case uint64 = 4
        case int32 = 5
        case fixed64 = 6
        case fixed32 = 7
        case bool = 8
        case string = 9
        case group = 10
        case message = 11
        case bytes = 12
        case uint32 = 13
        case `enum` = 14
        case sfixed32 = 15
        case sfixed64 = 16
        case sint32 = 17
        case sint64 = 18

        /// The name `.proto` files use.
        public var protoName: String {
            switch self {
            case .double: "double"
            case .float: "float"
            case .int64: "int64"
            case .uint64: "uint64"
            case .int32: "int32"
            case .fixed64: "fixed64"
            case .fixed32: "fixed32"
            case .bool: "bool"
            case .string: "string"
            case .group: "group"
            case .message: "message"
            case .bytes: "bytes"
            case .uint32: "uint32"
            case .enum: "enum"
            case .sfixed32: "sfixed32"
            case .sfixed64: "sfixed64"
            case .sint32: "sint32"
            case .sint64: "sint64"
            }
        }

        /// Numbers, bools and enums: the types a packed repeated field may hold.
        public var isPackable: Bool {
            switch self {
            case .string, .bytes, .message, .group: false
            default: true
            }
        }
    }

    let schema: Schema
    let data: FieldData

    init(schema: Schema, data: FieldData) {
        self.schema = schema
        self.data = data
    }

    public var name: String { data.name }
    public var jsonName: String { data.jsonName }
    public var number: Int32 { data.number }
    public var type: FieldType { data.type }
    public var isRepeated: Bool { data.isRepeated }
    public var isRequired: Bool { data.isRequired }
    /// Written packed (reading accepts both forms whatever the declaration).
    public var isPacked: Bool { data.isPacked }
    /// Whether an unset field differs from one set to its zero value (proto2, proto3 `optional`,
    /// messages, oneof members).
    public var hasPresence: Bool { data.hasPresence }
    /// Index into the message's `oneofs` for members of a real (not synthetic) oneof.
    public var oneofIndex: Int? { data.oneofIndex }
    /// The proto2 `[default = …]` text, as descriptor.proto spells it.
    public var defaultValue: String? { data.defaultValue }
    /// The type name as written in the descriptor (`.pkg.Msg`), empty for scalars.
    public var typeName: String { data.typeName }
    public var messageType: MessageDescriptor? { data.message.map { MessageDescriptor(schema: schema, index: $0) } }
    public var enumType: EnumDescriptor? { data.enumIndex.map { EnumDescriptor(schema: schema, index: $0) } }
    /// A `map<K, V>` field (a repeated field of a map entry type).
    public var isMap: Bool { data.isMap }
    /// The key field of a map field's entry.
    public var mapKey: FieldDescriptor? { isMap ? messageType?.field(number: 1) : nil }
    /// The value field of a map field's entry.
    public var mapValue: FieldDescriptor? { isMap ? messageType?.field(number: 2) : nil }

    public var description: String { data.name }

    public static func == (lhs: FieldDescriptor, rhs: FieldDescriptor) -> Bool {
        lhs.schema === rhs.schema && lhs.data.owner == rhs.data.owner && lhs.data.number == rhs.data.number
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(schema))
        hasher.combine(data.owner)
        hasher.combine(data.number)
    }
}

/// A service of a `DescriptorPool`.
public struct ServiceDescriptor: Sendable, Hashable {
    /// `pkg.Svc`.
    public var fullName: String
    public var name: String
    public var fileName: String
    public var methods: [MethodDescriptor]
}

/// An rpc of a service.
public struct MethodDescriptor: Sendable, Hashable {
    public var name: String
    /// `pkg.Svc.Method`.
    public var fullName: String
    /// `/pkg.Svc/Method`, the HTTP/2 path of the call.
    public var path: String
    public var input: MessageDescriptor
    public var output: MessageDescriptor
    public var clientStreaming: Bool
    public var serverStreaming: Bool
}

// MARK: - The pool's tables

/// Google's well-known types, which have their own JSON.
enum WellKnownType: Sendable, Hashable {
    case any
    case timestamp
    case duration
    case structType
    case value
    case listValue
    case fieldMask
    case empty
    case wrapper

    static func of(_ fullName: String) -> WellKnownType? {
        switch fullName {
        case "google.protobuf.Any": .any
        case "google.protobuf.Timestamp": .timestamp
        case "google.protobuf.Duration": .duration
        case "google.protobuf.Struct": .structType
        case "google.protobuf.Value": .value
        case "google.protobuf.ListValue": .listValue
        case "google.protobuf.FieldMask": .fieldMask
        case "google.protobuf.Empty": .empty
        case "google.protobuf.DoubleValue", "google.protobuf.FloatValue", "google.protobuf.Int64Value",
            "google.protobuf.UInt64Value", "google.protobuf.Int32Value", "google.protobuf.UInt32Value",
            "google.protobuf.BoolValue", "google.protobuf.StringValue", "google.protobuf.BytesValue":
            .wrapper
        default: nil
        }
    }
}

struct FieldData: Sendable, Hashable {
    var owner: Int
    var name: String
    var jsonName: String
    var number: Int32
    var type: FieldDescriptor.FieldType
    var isRepeated: Bool
    var isRequired: Bool
    var isPacked: Bool
    var hasPresence: Bool
    var oneofIndex: Int?
    var defaultValue: String?
    var typeName: String
    var message: Int?
    var enumIndex: Int?
    var isMap: Bool
}

final class MessageData: Sendable {
    let fullName: String
    let name: String
    let fileName: String
    let syntax: ProtobufSyntax
    let fields: [FieldData]
    let byNumber: [Int32: Int]
    let byName: [String: Int]
    let oneofs: [String]
    let isMapEntry: Bool
    let wellKnown: WellKnownType?

    init(
        fullName: String, name: String, fileName: String, syntax: ProtobufSyntax, fields: [FieldData],
        oneofs: [String], isMapEntry: Bool
    ) {
        self.fullName = fullName
        self.name = name
        self.fileName = fileName
        self.syntax = syntax
        self.fields = fields
        self.oneofs = oneofs
        self.isMapEntry = isMapEntry
        self.wellKnown = WellKnownType.of(fullName)
        var byNumber: [Int32: Int] = [:]
        var byName: [String: Int] = [:]
        for (i, field) in fields.enumerated() {
            byNumber[field.number] = i
            byName[field.jsonName] = i
        }
        for (i, field) in fields.enumerated() {
            byName[field.name] = i
        }
        self.byNumber = byNumber
        self.byName = byName
    }
}

final class EnumData: Sendable {
    let fullName: String
    let name: String
    let values: [(name: String, number: Int32)]
    let byName: [String: Int32]
    let byNumber: [Int32: String]
    let isClosed: Bool

    init(fullName: String, name: String, values: [(name: String, number: Int32)], isClosed: Bool) {
        self.fullName = fullName
        self.name = name
        self.values = values
        self.isClosed = isClosed
        var byName: [String: Int32] = [:]
        var byNumber: [Int32: String] = [:]
        for value in values {
            byName[value.name] = value.number
            if byNumber[value.number] == nil { byNumber[value.number] = value.name }
        }
        self.byName = byName
        self.byNumber = byNumber
    }
}

/// The resolved types of a pool. Types refer to each other by index, so there are no cycles.
final class Schema: Sendable {
    let messages: [MessageData]
    let enums: [EnumData]
    let messageIndex: [String: Int]
    let enumIndex: [String: Int]

    init(messages: [MessageData], enums: [EnumData], messageIndex: [String: Int], enumIndex: [String: Int]) {
        self.messages = messages
        self.enums = enums
        self.messageIndex = messageIndex
        self.enumIndex = enumIndex
    }
}
