import SwiftProtobuf
import Testing

@testable import TernProtobuf

@Suite struct DescriptorPoolTests {
    @Test func resolvesServicesMethodsAndSymbols() throws {
        let pool = try Fixtures.pool()
        #expect(pool.services.map(\.fullName) == ["tern.rich.Explorer"])
        for path in ["tern.rich.Explorer/List", "/tern.rich.Explorer/List", "tern.rich.Explorer.List"] {
            let method = pool.method(named: path)
            #expect(method?.path == "/tern.rich.Explorer/List", "\(path)")
            #expect(method?.fullName == "tern.rich.Explorer.List")
            #expect(method?.input.fullName == "google.protobuf.Empty")
            #expect(method?.output.fullName == "tern.rich.Everything")
            #expect(method?.serverStreaming == true && method?.clientStreaming == false)
        }
        #expect(pool.method(named: "tern.rich.Explorer/Nope") == nil)
        #expect(pool.symbols.contains("tern.rich.Explorer.Chat"))
        #expect(pool.symbols.contains("tern.rich.Tree.Leaf.Kind"))
        #expect(pool.symbols == pool.symbols.sorted())
        #expect(!pool.symbols.contains("tern.rich.Maps.StringStringEntry"))
        #expect(pool.message(named: "tern.rich.Maps.StringStringEntry")?.isMapEntry == true)
        #expect(pool.enumType(named: ".tern.rich.Color")?.values.count == 5)
        let tree = try #require(pool.message(named: "tern.rich.Tree"))
        #expect(tree.field(named: "parent")?.messageType == tree)
        let named = try #require(tree.field(named: "named"))
        #expect(named.isMap && named.mapKey?.type == .string && named.mapValue?.messageType == tree)
        #expect(pool.message(named: "tern.rich.Choice")?.oneofs == ["kind", "other"])
        let scalars = try #require(pool.message(named: "tern.rich.Scalars"))
        #expect(scalars.field(named: "opt_int32")?.hasPresence == true)
        #expect(scalars.field(named: "f_int32")?.hasPresence == false)
        #expect(scalars.field(named: "customName")?.name == "renamed")
    }

    @Test func describesLikeProtoFiles() throws {
        let pool = try Fixtures.pool()
        #expect(
            pool.describe("tern.rich.Explorer") == """
                service Explorer {
                  rpc Get ( .tern.rich.GetRequest ) returns ( .tern.rich.Everything );
                  rpc List ( .google.protobuf.Empty ) returns ( stream .tern.rich.Everything );
                  rpc Upload ( stream .tern.rich.Everything ) returns ( .google.protobuf.Empty );
                  rpc Chat ( stream .tern.rich.GetRequest ) returns ( stream .tern.rich.Tree );
                }
                """)
        #expect(
            pool.describe("tern.rich.Explorer/Get")
                == "rpc Get ( .tern.rich.GetRequest ) returns ( .tern.rich.Everything );")
        #expect(
            pool.describe("tern.rich.Tree") == """
                message Tree {
                  string label = 1;
                  repeated .tern.rich.Tree children = 2;
                  .tern.rich.Tree parent = 3;
                  map<string, .tern.rich.Tree> named = 4;
                  .tern.rich.Tree.Leaf leaf = 5;
                  message Leaf {
                    int32 weight = 1;
                    .tern.rich.Tree.Leaf next = 2;
                    .tern.rich.Tree.Leaf.Kind kind = 3;
                    enum Kind {
                      KIND_UNSPECIFIED = 0;
                      SMALL = 1;
                      BIG = 2;
                    }
                  }
                }
                """)
        let choice = try #require(pool.describe("tern.rich.Choice"))
        #expect(choice.contains("  oneof kind {\n    string name = 1;\n    int64 id = 2;"))
        let scalars = try #require(pool.describe("tern.rich.Scalars"))
        #expect(scalars.contains("optional int32 opt_int32 = 19;"))
        #expect(scalars.contains(#"int32 renamed = 21 [json_name = "customName"];"#))
        let repeated = try #require(pool.describe("tern.rich.Repeated"))
        #expect(repeated.contains("repeated int32 u_int32 = 21 [packed = false];"))
        let legacy = try #require(pool.describe("tern.legacy.Legacy"))
        #expect(legacy.contains("required int32 id = 1;"))
        #expect(legacy.contains(#"optional string name = 2 [default = "anonymous"];"#))
        #expect(legacy.contains("optional group Item = 9;"))
        #expect(legacy.contains("repeated group Entry = 12;"))
        #expect(legacy.contains("repeated int32 packed_numbers = 8 [packed = true];"))
        #expect(pool.describe("tern.rich.Color")?.hasPrefix("enum Color {\n  COLOR_UNSPECIFIED = 0;") == true)
        #expect(pool.describe("no.Such") == nil)
    }

    @Test func templatesParseBackAndShowTypes() throws {
        let pool = try Fixtures.pool()
        for name in pool.symbols {
            guard let message = pool.message(named: name), !message.isMapEntry else { continue }
            let template = pool.template(for: message)
            do {
                _ = try DynamicMessage(json: Array(template.utf8), as: message)
            } catch {
                Issue.record("\(name): \(error)\n\(template)")
            }
        }
        let everything = try #require(pool.message(named: "tern.rich.Everything"))
        let template = pool.template(for: everything)
        #expect(template.contains(#"    "fInt64": 0, // int64"#))
        #expect(
            template.contains(#"    "fEnum": "COLOR_UNSPECIFIED", // enum tern.rich.Color: COLOR_UNSPECIFIED, RED"#))
        #expect(template.contains(#"  "scalars": { // tern.rich.Scalars"#))
        #expect(template.contains(#"    "rInt32": [0], // repeated int32"#))
        #expect(template.contains(#"    "stringString": {}, // map<string, string>"#))
        #expect(
            template.contains(#""name": "", // string; oneof kind: or instead one of id, scalars, color, blob, when"#))
        #expect(!template.contains(#""id": "#))
        #expect(template.contains(#"    "parent": {}, // tern.rich.Tree (recursive: left empty)"#))
        #expect(template.contains(#""timestamp": "1970-01-01T00:00:00Z", // google.protobuf.Timestamp"#))
        #expect(template.contains(#"  "more": [] // repeated tern.rich.Everything (recursive: left empty)"#))
        #expect(template.hasPrefix("{\n") && template.hasSuffix("\n}"))
        let legacy = pool.template(for: try #require(pool.message(named: "tern.legacy.Legacy")))
        #expect(legacy.contains(#"  "name": "anonymous", // string"#))
        #expect(legacy.contains(#"  "size": "MEDIUM", // enum tern.legacy.Size"#))
        #expect(legacy.contains(#"  "small": "-Infinity", // float"#))
        #expect(legacy.contains(#"  "huge": 18446744073709551615, // uint64"#))
    }

    private func file(
        _ name: String, package: String = "p", imports: [String] = [], messages: [Google_Protobuf_DescriptorProto]
    ) -> Google_Protobuf_FileDescriptorProto {
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = name
        file.package = package
        file.syntax = "proto3"
        file.dependency = imports
        file.messageType = messages
        return file
    }

    private func message(_ name: String, field typeName: String? = nil) -> Google_Protobuf_DescriptorProto {
        var message = Google_Protobuf_DescriptorProto()
        message.name = name
        if let typeName {
            var field = Google_Protobuf_FieldDescriptorProto()
            field.name = "other"
            field.number = 1
            field.label = .optional
            field.type = .message
            field.typeName = typeName
            message.field = [field]
        }
        return message
    }

    @Test func filesInAnyOrderResolveRelativeAndAbsoluteNames() throws {
        let pool = try DescriptorPool(files: [
            file("a.proto", imports: ["b.proto"], messages: [message("A", field: "B")]),
            file("b.proto", messages: [message("B", field: ".p.A")]),
        ])
        #expect(pool.message(named: "p.A")?.field(named: "other")?.messageType?.fullName == "p.B")
        #expect(pool.message(named: "p.B")?.field(named: "other")?.messageType?.fullName == "p.A")
    }

    @Test func unresolvedImportsAndTypesAreErrorsNamingFileFieldAndType() {
        #expect(throws: ProtobufError("a.proto imports missing.proto, which is not among the descriptor's files")) {
            try DescriptorPool(files: [file("a.proto", imports: ["missing.proto"], messages: [message("A")])])
        }
        #expect(throws: ProtobufError("a.proto: field p.A.other refers to the type .p.Missing, which is not defined")) {
            try DescriptorPool(files: [file("a.proto", messages: [message("A", field: ".p.Missing")])])
        }
        #expect(throws: ProtobufError("b.proto: p.A is already defined in a.proto")) {
            try DescriptorPool(files: [
                file("a.proto", messages: [message("A")]), file("b.proto", messages: [message("A")]),
            ])
        }
    }

    @Test func editionsFeaturesDecidePresencePackingAndDelimitedMessages() throws {
        func field(_ name: String, _ number: Int32, _ type: Google_Protobuf_FieldDescriptorProto.TypeEnum)
            -> Google_Protobuf_FieldDescriptorProto
        {
            var field = Google_Protobuf_FieldDescriptorProto()
            field.name = name
            field.number = number
            field.type = type
            field.label = .optional
            return field
        }
        var explicit = field("b", 2, .int32)
        explicit.options.features.fieldPresence = .explicit
        var expanded = field("c", 3, .int32)
        expanded.label = .repeated
        expanded.options.features.repeatedFieldEncoding = .expanded
        var packed = field("d_list", 4, .int32)
        packed.label = .repeated
        var child = field("child", 5, .message)
        child.typeName = ".ed.M"
        child.options.features.messageEncoding = .delimited
        var message = Google_Protobuf_DescriptorProto()
        message.name = "M"
        message.field = [field("a", 1, .int32), explicit, expanded, packed, child]
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "ed.proto"
        file.package = "ed"
        file.syntax = "editions"
        file.edition = .edition2023
        file.options.features.fieldPresence = .implicit
        file.messageType = [message]
        let pool = try DescriptorPool(files: [file])
        let m = try #require(pool.message(named: "ed.M"))
        #expect(m.syntax == .editions)
        #expect(m.field(named: "a")?.hasPresence == false)
        #expect(m.field(named: "b")?.hasPresence == true)
        #expect(m.field(named: "c")?.isPacked == false)
        #expect(m.field(named: "d_list")?.isPacked == true)
        #expect(m.field(named: "dList")?.name == "d_list")  // no json_name in the descriptor: computed
        #expect(m.field(named: "child")?.type == .group)
        let value = try DynamicMessage(json: Array(#"{"a":0,"b":0,"c":[1],"dList":[2],"child":{"a":3}}"#.utf8), as: m)
        #expect(value.json(.compact) == #"{"b":0,"c":[1],"dList":[2],"child":{"a":3}}"#)
        #expect(value.binary() == [0x10, 0x00, 0x18, 0x01, 0x22, 0x01, 0x02, 0x2B, 0x08, 0x03, 0x2C])
    }

    @Test func closedEnumMapValueOutsideTheEnumKeepsTheWholeEntryUnknown() throws {
        var enumType = Google_Protobuf_EnumDescriptorProto()
        enumType.name = "E"
        enumType.value = [("ZERO", 0), ("ONE", 1)].map { name, number in
            var value = Google_Protobuf_EnumValueDescriptorProto()
            value.name = name
            value.number = Int32(number)
            return value
        }
        func field(
            _ name: String, _ number: Int32, _ type: Google_Protobuf_FieldDescriptorProto.TypeEnum,
            _ typeName: String = ""
        )
            -> Google_Protobuf_FieldDescriptorProto
        {
            var field = Google_Protobuf_FieldDescriptorProto()
            field.name = name
            field.number = number
            field.type = type
            field.label = .optional
            if !typeName.isEmpty { field.typeName = typeName }
            return field
        }
        var entry = Google_Protobuf_DescriptorProto()
        entry.name = "ByNameEntry"
        entry.options.mapEntry = true
        entry.field = [field("key", 1, .string), field("value", 2, .enum, ".p.E")]
        var map = field("by_name", 1, .message, ".p.M.ByNameEntry")
        map.label = .repeated
        var message = Google_Protobuf_DescriptorProto()
        message.name = "M"
        message.field = [map]
        message.nestedType = [entry]
        var file = Google_Protobuf_FileDescriptorProto()
        file.name = "m.proto"
        file.package = "p"
        file.syntax = "proto2"
        file.messageType = [message]
        file.enumType = [enumType]
        let type = try #require(try DescriptorPool(files: [file]).message(named: "p.M"))
        // {"a": ONE} then {"b": 5}: 5 is not an E.
        let bytes: [UInt8] = [0x0A, 0x05, 0x0A, 0x01, 0x61, 0x10, 0x01, 0x0A, 0x05, 0x0A, 0x01, 0x62, 0x10, 0x05]
        let decoded = try DynamicMessage(binary: bytes, as: type)
        #expect(decoded.json(.compact) == #"{"byName":{"a":"ONE"}}"#)
        #expect(decoded.unknownFields == Array(bytes.suffix(7)))
        #expect(decoded.binary() == bytes)
    }
}
