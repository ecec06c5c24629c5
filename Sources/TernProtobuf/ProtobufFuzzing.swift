import SwiftProtobuf

/// The entry points for fuzzers: arbitrary bytes as a descriptor set, a message or JSON. Every
/// error is an expected outcome; a crash, a hang or runaway memory is the bug a fuzzer looks for.
@_spi(Fuzzing) public enum ProtobufFuzzing {
    /// Decodes the bytes as a `FileDescriptorSet`; when that yields a pool, decodes the same bytes
    /// as a message of its first type (binary, then JSON) and renders templates and descriptions.
    public static func descriptorSet(_ data: UnsafeRawBufferPointer) {
        let bytes = Array(data)
        guard bytes.count <= 1 << 20,
            let set = try? Google_Protobuf_FileDescriptorSet(serializedBytes: bytes),
            let pool = try? DescriptorPool(fileSet: set)
        else { return }
        for symbol in pool.symbols.prefix(16) { _ = pool.describe(symbol) }
        guard let name = pool.symbols.first(where: { pool.message(named: $0) != nil }),
            let type = pool.message(named: name)
        else { return }
        _ = pool.template(for: type)
        exercise(bytes, as: type)
    }

    /// The bytes as a message of a fixed schema covering every field kind and the well-known types:
    /// the first byte picks binary (even) or JSON (odd), the rest is the input.
    public static func message(_ data: UnsafeRawBufferPointer) {
        guard let first = data.first, let type = schema?.message(named: "fuzz.Fuzz") else { return }
        let rest = Array(data.dropFirst())
        if first % 2 == 0 {
            exercise(rest, as: type)
        } else {
            _ = try? jsonDocuments(rest)
            if let message = try? DynamicMessage(json: rest, as: type, limits: limits) {
                roundTrip(message)
            }
        }
    }

    private static let limits = ProtobufLimits(maximumDepth: 64, maximumBytes: 1 << 20)

    private static func exercise(_ bytes: [UInt8], as type: MessageDescriptor) {
        if let message = try? DynamicMessage(binary: bytes, as: type, limits: limits) { roundTrip(message) }
        if let message = try? DynamicMessage(json: bytes, as: type, limits: limits) { roundTrip(message) }
    }

    private static func roundTrip(_ message: DynamicMessage) {
        let binary = message.binary()
        _ = try? DynamicMessage(binary: binary, as: message.descriptor, limits: limits)
        let json = message.json(.compact)
        _ = try? DynamicMessage(json: Array(json.utf8), as: message.descriptor, limits: limits)
        _ = message.json(.pretty)
    }

    /// fuzz.proto (proto3: scalars, packed, maps, oneof, recursion, the well-known types) and
    /// fuzz2.proto (proto2: groups, closed enums, required), built in code.
    static let schema: DescriptorPool? = {
        typealias Field = Google_Protobuf_FieldDescriptorProto
        func field(
            _ name: String, _ number: Int32, _ type: Field.TypeEnum, _ typeName: String = "",
            repeated: Bool = false, oneof: Int32? = nil
        ) -> Field {
            var field = Field()
            field.name = name
            field.number = number
            field.type = type
            field.label = repeated ? .repeated : .optional
            if !typeName.isEmpty { field.typeName = typeName }
            if let oneof { field.oneofIndex = oneof }
            return field
        }
        func message(_ name: String, _ fields: [Field], oneofs: [String] = [], mapEntry: Bool = false)
            -> Google_Protobuf_DescriptorProto
        {
            var message = Google_Protobuf_DescriptorProto()
            message.name = name
            message.field = fields
            message.oneofDecl = oneofs.map { name in
                var oneof = Google_Protobuf_OneofDescriptorProto()
                oneof.name = name
                return oneof
            }
            if mapEntry { message.options.mapEntry = true }
            return message
        }
        func enumType(_ name: String, _ values: [String], from start: Int32) -> Google_Protobuf_EnumDescriptorProto {
            var result = Google_Protobuf_EnumDescriptorProto()
            result.name = name
            result.value = values.enumerated().map { i, name in
                var value = Google_Protobuf_EnumValueDescriptorProto()
                value.name = name
                value.number = Int32(i) + start
                return value
            }
            return result
        }
        func file(_ name: String, _ package: String, _ syntax: String, _ messages: [Google_Protobuf_DescriptorProto])
            -> Google_Protobuf_FileDescriptorProto
        {
            var file = Google_Protobuf_FileDescriptorProto()
            file.name = name
            file.package = package
            file.syntax = syntax
            file.messageType = messages
            return file
        }
        let wkt = "google.protobuf."
        var google = file(
            "google/protobuf/wkt.proto", "google.protobuf", "proto3",
            [
                message("Timestamp", [field("seconds", 1, .int64), field("nanos", 2, .int32)]),
                message("Duration", [field("seconds", 1, .int64), field("nanos", 2, .int32)]),
                message("Any", [field("type_url", 1, .string), field("value", 2, .bytes)]),
                message("FieldMask", [field("paths", 1, .string, repeated: true)]),
                message("Empty", []),
                message("ListValue", [field("values", 1, .message, ".\(wkt)Value", repeated: true)]),
                message(
                    "Value",
                    [
                        field("null_value", 1, .enum, ".\(wkt)NullValue", oneof: 0),
                        field("number_value", 2, .double, oneof: 0), field("string_value", 3, .string, oneof: 0),
                        field("bool_value", 4, .bool, oneof: 0),
                        field("struct_value", 5, .message, ".\(wkt)Struct", oneof: 0),
                        field("list_value", 6, .message, ".\(wkt)ListValue", oneof: 0),
                    ], oneofs: ["kind"]),
                message("Int64Value", [field("value", 1, .int64)]),
                message("UInt32Value", [field("value", 1, .uint32)]),
                message("BytesValue", [field("value", 1, .bytes)]),
                message("DoubleValue", [field("value", 1, .double)]),
            ])
        var structType = message("Struct", [field("fields", 1, .message, ".\(wkt)Struct.FieldsEntry", repeated: true)])
        structType.nestedType = [
            message(
                "FieldsEntry", [field("key", 1, .string), field("value", 2, .message, ".\(wkt)Value")], mapEntry: true)
        ]
        google.messageType.append(structType)
        google.enumType = [enumType("NullValue", ["NULL_VALUE"], from: 0)]

        let scalars: [(String, Field.TypeEnum)] = [
            ("double", .double), ("float", .float), ("int64", .int64), ("uint64", .uint64), ("int32", .int32),
            ("fixed64", .fixed64), ("fixed32", .fixed32), ("bool", .bool), ("string", .string), ("bytes", .bytes),
            ("uint32", .uint32), ("sfixed32", .sfixed32), ("sfixed64", .sfixed64), ("sint32", .sint32),
            ("sint64", .sint64),
        ]
        var fields: [Field] = []
        for (i, scalar) in scalars.enumerated() {
            fields.append(field("f_" + scalar.0, Int32(i) + 1, scalar.1))
            fields.append(field("r_" + scalar.0, Int32(i) + 21, scalar.1, repeated: true))
        }
        var unpacked = field("u_int32", 40, .int32, repeated: true)
        unpacked.options.packed = false
        fields += [
            unpacked, field("color", 41, .enum, ".fuzz.Color"),
            field("colors", 42, .enum, ".fuzz.Color", repeated: true),
            field("child", 43, .message, ".fuzz.Fuzz"), field("children", 44, .message, ".fuzz.Fuzz", repeated: true),
            field("by_name", 45, .message, ".fuzz.Fuzz.ByNameEntry", repeated: true),
            field("by_number", 46, .message, ".fuzz.Fuzz.ByNumberEntry", repeated: true),
            field("name", 47, .string, oneof: 0), field("id", 48, .int64, oneof: 0),
            field("nested", 49, .message, ".fuzz.Fuzz", oneof: 0), field("legacy", 50, .message, ".fuzz2.Legacy"),
        ]
        for (i, name) in [
            "Timestamp", "Duration", "Any", "FieldMask", "Empty", "ListValue", "Value", "Struct", "Int64Value",
            "UInt32Value", "BytesValue", "DoubleValue",
        ].enumerated() {
            fields.append(field("w_" + name.lowercased(), Int32(i) + 60, .message, ".\(wkt)\(name)"))
        }
        fields.append(field("null", 80, .enum, ".\(wkt)NullValue"))
        fields.append(field("anys", 81, .message, ".\(wkt)Any", repeated: true))
        var fuzz = message("Fuzz", fields, oneofs: ["choice"])
        fuzz.nestedType = [
            message(
                "ByNameEntry", [field("key", 1, .string), field("value", 2, .message, ".fuzz.Fuzz")], mapEntry: true),
            message(
                "ByNumberEntry", [field("key", 1, .sint64), field("value", 2, .enum, ".fuzz.Color")], mapEntry: true),
        ]
        var main = file("fuzz.proto", "fuzz", "proto3", [fuzz])
        main.dependency = ["google/protobuf/wkt.proto", "fuzz2.proto"]
        main.enumType = [enumType("Color", ["COLOR_UNSPECIFIED", "RED", "GREEN"], from: 0)]

        var required = field("id", 1, .int32)
        required.label = .required
        var withDefault = field("name", 2, .string)
        withDefault.defaultValue = "anonymous"
        var legacy = message(
            "Legacy",
            [
                required, withDefault, field("size", 3, .enum, ".fuzz2.Size"),
                field("item", 4, .group, ".fuzz2.Legacy.Item"),
                field("sizes", 5, .enum, ".fuzz2.Size", repeated: true), field("child", 6, .message, ".fuzz2.Legacy"),
            ])
        legacy.nestedType = [message("Item", [field("count", 5, .int32), field("label", 6, .string)])]
        var second = file("fuzz2.proto", "fuzz2", "proto2", [legacy])
        second.enumType = [enumType("Size", ["SMALL", "LARGE"], from: 1)]
        return try? DescriptorPool(files: [main, google, second])
    }()
}
