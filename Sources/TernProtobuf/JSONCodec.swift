extension DynamicMessage {
    /// Reads proto3 JSON (as protobuf's json_format writes it) as a message of `type`. Field names
    /// may be the JSON name or the proto name; `null` means the default; comments and trailing
    /// commas are allowed. Errors name the field path.
    public init(
        json: some Collection<UInt8>, as type: MessageDescriptor, limits: ProtobufLimits = .init()
    ) throws(ProtobufError) {
        guard json.count <= limits.maximumBytes else {
            throw ProtobufError("the JSON is \(json.count) bytes, over the limit of \(limits.maximumBytes)")
        }
        let value = try JSONReader.parse(Array(json), maximumDepth: limits.maximumDepth)
        self = try JSONMessageDecoder(schema: type.schema, limits: limits).message(value, type: type.index, depth: 0)
    }

    /// The message as proto3 JSON: lowerCamelCase names, fields at their zero value (without
    /// presence) left out, 64-bit integers as strings, enums by name, well-known types in their
    /// own forms. Unknown fields are not shown.
    /// With `emitDefaults`, fields without presence are printed at their zero value too (repeated
    /// as `[]`, maps as `{}`), as json_format's `always_print_fields_with_no_presence` and grpcurl's
    /// `-emit-defaults` do.
    public func json(_ style: JSONStyle = .pretty, emitDefaults: Bool = false) -> String {
        var writer = JSONWriter(pretty: style == .pretty)
        writer.write(JSONMessageEncoder(schema: descriptor.schema, emitDefaults: emitDefaults).message(self, depth: 0))
        return writer.out
    }
}

// MARK: - JSON to message

struct JSONMessageDecoder {
    let schema: Schema
    let limits: ProtobufLimits

    func message(_ json: JSONValue, type: Int, depth: Int) throws(ProtobufError) -> DynamicMessage {
        guard depth < limits.maximumDepth else {
            throw ProtobufError("messages nest deeper than \(limits.maximumDepth) levels")
        }
        let data = schema.messages[type]
        if let wellKnown = data.wellKnown {
            return try self.wellKnown(wellKnown, json, type: type, depth: depth)
        }
        guard case .object(let members) = json else {
            throw ProtobufError("expected an object (\(data.fullName)), found \(json.summary)")
        }
        return try fields(members, type: type, depth: depth)
    }

    private func fields(
        _ members: [(key: String, value: JSONValue)], type: Int, depth: Int
    ) throws(ProtobufError) -> DynamicMessage {
        let data = schema.messages[type]
        var message = DynamicMessage(MessageDescriptor(schema: schema, index: type))
        var seen: [Int32: String] = [:]
        var oneofMembers: [Int: String] = [:]
        for (key, value) in members {
            guard let index = data.byName[key] else { throw unknownField(key, in: data) }
            let field = data.fields[index]
            if let earlier = seen[field.number] {
                throw ProtobufError("the field \(field.name) is given twice, as \"\(earlier)\" and \"\(key)\"")
            }
            seen[field.number] = key
            if value == .null && !(Self.takesNull(field, schema: schema) && !field.isRepeated) { continue }
            if let oneof = field.oneofIndex, value != .null {
                if let other = oneofMembers[oneof] {
                    throw ProtobufError(
                        "\"\(other)\" and \"\(key)\" are both set, but they belong to the oneof \(data.oneofs[oneof])"
                            + " which holds at most one")
                }
                oneofMembers[oneof] = key
            }
            do throws(ProtobufError) {
                message.set(field.number, try fieldValue(value, field, depth: depth))
            } catch {
                throw error.within(key)
            }
        }
        return message
    }

    private func unknownField(_ key: String, in data: MessageData) -> ProtobufError {
        let names = data.fields.flatMap { [$0.jsonName, $0.name] }
        let close = WellKnownText.closeMatches(key, among: names)
        var message = "\(data.fullName) has no field \"\(key)\""
        if !close.isEmpty {
            message += " (did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?)"
        } else if !data.fields.isEmpty, data.fields.count <= 12 {
            message += "; its fields are " + data.fields.map(\.jsonName).joined(separator: ", ")
        }
        return ProtobufError(message)
    }

    /// Fields where `null` is a value rather than "the default": google.protobuf.Value and NullValue.
    static func takesNull(_ field: FieldData, schema: Schema) -> Bool {
        if let message = field.message { return schema.messages[message].fullName == "google.protobuf.Value" }
        if let enumIndex = field.enumIndex { return schema.enums[enumIndex].fullName == "google.protobuf.NullValue" }
        return false
    }

    private func fieldValue(_ json: JSONValue, _ field: FieldData, depth: Int) throws(ProtobufError) -> FieldValue {
        if field.isMap {
            guard case .object(let members) = json else {
                throw ProtobufError("expected an object, found \(json.summary)")
            }
            guard let entryIndex = field.message, let keyIndex = schema.messages[entryIndex].byNumber[1],
                let valueIndex = schema.messages[entryIndex].byNumber[2]
            else { throw ProtobufError("the map's entry type is malformed") }
            let keyField = schema.messages[entryIndex].fields[keyIndex]
            let valueField = schema.messages[entryIndex].fields[valueIndex]
            var map = ProtobufMap()
            for (key, value) in members {
                do throws(ProtobufError) {
                    let mapKey = try self.mapKey(key, keyField.type)
                    if value == .null && !Self.takesNull(valueField, schema: schema) {
                        throw ProtobufError("a map value cannot be null")
                    }
                    map[mapKey] = try single(value, valueField, depth: depth)
                } catch {
                    var quoted = ""
                    JSONWriter.quote(key, into: &quoted)
                    throw error.within("[\(quoted)]")
                }
            }
            return .map(map)
        }
        if field.isRepeated {
            guard case .array(let elements) = json else {
                throw ProtobufError("expected an array, found \(json.summary)")
            }
            var list: [ProtobufValue] = []
            list.reserveCapacity(elements.count)
            for (i, element) in elements.enumerated() {
                do throws(ProtobufError) {
                    if element == .null && !Self.takesNull(field, schema: schema) {
                        throw ProtobufError("a repeated field's element cannot be null")
                    }
                    list.append(try single(element, field, depth: depth))
                } catch {
                    throw error.within("[\(i)]")
                }
            }
            return .list(list)
        }
        return .single(try single(json, field, depth: depth))
    }

    private func mapKey(_ key: String, _ type: FieldDescriptor.FieldType) throws(ProtobufError) -> MapKey {
        switch type {
        case .string: return .string(key)
        case .bool:
            if key == "true" { return .bool(true) }
            if key == "false" { return .bool(false) }
            throw ProtobufError("a bool map key must be \"true\" or \"false\"")
        default:
            guard let value = MapKey(try JSONScalar.integer(.string(key), type)) else {
                throw ProtobufError("a map key cannot be a \(type.protoName)")
            }
            return value
        }
    }

    func single(_ json: JSONValue, _ field: FieldData, depth: Int) throws(ProtobufError) -> ProtobufValue {
        switch field.type {
        case .message, .group:
            guard let index = field.message else { throw ProtobufError("the field's type is not resolved") }
            return .message(try message(json, type: index, depth: depth + 1))
        case .enum:
            guard let enumIndex = field.enumIndex else { throw ProtobufError("the field's type is not resolved") }
            return .enumNumber(try enumNumber(json, schema.enums[enumIndex]))
        default:
            return try JSONScalar.scalar(json, field.type)
        }
    }

    private func enumNumber(_ json: JSONValue, _ enumData: EnumData) throws(ProtobufError) -> Int32 {
        switch json {
        case .null where enumData.fullName == "google.protobuf.NullValue":
            return 0
        case .string(let name):
            if let number = enumData.byName[name] { return number }
            if case .int32(let number)? = try? JSONScalar.integer(.string(name), .int32),
                !enumData.isClosed
                    || enumData.byNumber[number] != nil
            {
                return number
            }
            let close = WellKnownText.closeMatches(name, among: enumData.values.map(\.name))
            var message = "\(enumData.fullName) has no value \"\(name)\""
            if !close.isEmpty {
                message += " (did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?)"
            } else if enumData.values.count <= 12 {
                message += "; its values are " + enumData.values.map(\.name).joined(separator: ", ")
            }
            throw ProtobufError(message)
        case .number:
            guard case .int32(let number) = try JSONScalar.integer(json, .int32) else {
                throw ProtobufError("bad enum number")
            }
            if enumData.isClosed, enumData.byNumber[number] == nil {
                throw ProtobufError("\(enumData.fullName) has no value numbered \(number)")
            }
            return number
        default:
            throw ProtobufError("expected an enum value name or number (\(enumData.fullName)), found \(json.summary)")
        }
    }

    // MARK: Well-known types

    private func newMessage(_ type: Int) -> DynamicMessage {
        DynamicMessage(MessageDescriptor(schema: schema, index: type))
    }

    private func wellKnown(
        _ kind: WellKnownType, _ json: JSONValue, type: Int, depth: Int
    ) throws(ProtobufError) -> DynamicMessage {
        let data = schema.messages[type]
        var message = newMessage(type)
        func field(_ number: Int32) throws(ProtobufError) -> FieldData {
            guard let index = data.byNumber[number] else {
                throw ProtobufError("\(data.fullName) lacks its field \(number)")
            }
            return data.fields[index]
        }
        switch kind {
        case .any:
            guard case .object(let members) = json else {
                throw ProtobufError("expected an object (google.protobuf.Any), found \(json.summary)")
            }
            if members.isEmpty { return message }
            guard let typeURL = members.first(where: { $0.key == "@type" })?.value else {
                // The plain form the output falls back to for an Any of a type the descriptors lack.
                if members.allSatisfy({ data.byName[$0.key] != nil }) {
                    return try fields(members, type: type, depth: depth)
                }
                throw ProtobufError("an Any needs \"@type\"")
            }
            guard case .string(let url) = typeURL else {
                throw ProtobufError("\"@type\" must be a string, found \(typeURL.summary)")
            }
            let name = url.split(separator: "/").last.map(String.init) ?? url
            guard let inner = schema.messageIndex[name] else {
                throw ProtobufError("the Any's type \(url) is not defined in the descriptors")
            }
            let rest = members.filter { $0.key != "@type" }
            let content: DynamicMessage
            if let innerKind = schema.messages[inner].wellKnown, innerKind != .empty {
                for member in rest where member.key != "value" {
                    throw ProtobufError(
                        "an Any holding \(name) takes only \"@type\" and \"value\", not \"\(member.key)\"")
                }
                guard let value = rest.first?.value else {
                    throw ProtobufError("an Any holding \(name) needs \"value\"")
                }
                do throws(ProtobufError) {
                    content = try self.message(value, type: inner, depth: depth + 1)
                } catch {
                    throw error.within("value")
                }
            } else {
                content = try fields(rest, type: inner, depth: depth + 1)
            }
            message.set(try field(1).number, .single(.string(url)))
            message.set(try field(2).number, .single(.bytes(content.binary())))
        case .timestamp:
            // The plain form the output falls back to outside years 1 to 9999.
            if case .object(let members) = json { return try fields(members, type: type, depth: depth) }
            guard case .string(let text) = json, let time = WellKnownText.parseTimestamp(text) else {
                throw ProtobufError(
                    "expected an RFC 3339 timestamp like \"2024-05-01T12:00:00Z\" (years 1 to 9999), found "
                        + json.summary)
            }
            message.set(try field(1).number, .single(.int64(time.seconds)))
            message.set(try field(2).number, .single(.int32(time.nanos)))
        case .duration:
            if case .object(let members) = json { return try fields(members, type: type, depth: depth) }
            guard case .string(let text) = json, let duration = WellKnownText.parseDuration(text) else {
                throw ProtobufError("expected a duration like \"1.5s\" (at most 315576000000s), found \(json.summary)")
            }
            message.set(try field(1).number, .single(.int64(duration.seconds)))
            message.set(try field(2).number, .single(.int32(duration.nanos)))
        case .structType:
            guard case .object = json else {
                throw ProtobufError("expected an object (google.protobuf.Struct), found \(json.summary)")
            }
            let fieldsField = try field(1)
            message.set(fieldsField.number, try fieldValue(json, fieldsField, depth: depth))
        case .value:
            switch json {
            case .null: message.set(try field(1).number, .single(.enumNumber(0)))
            case .number(let text):
                guard let number = Double(text), number.isFinite else {
                    throw ProtobufError("\(text) is out of range for a double")
                }
                message.set(try field(2).number, .single(.double(number)))
            case .string(let text): message.set(try field(3).number, .single(.string(text)))
            case .bool(let flag): message.set(try field(4).number, .single(.bool(flag)))
            case .object:
                let structField = try field(5)
                message.set(structField.number, .single(try single(json, structField, depth: depth)))
            case .array:
                let listField = try field(6)
                message.set(listField.number, .single(try single(json, listField, depth: depth)))
            }
        case .listValue:
            guard case .array = json else {
                throw ProtobufError("expected an array (google.protobuf.ListValue), found \(json.summary)")
            }
            let valuesField = try field(1)
            message.set(valuesField.number, try fieldValue(json, valuesField, depth: depth))
        case .fieldMask:
            guard case .string(let text) = json else {
                throw ProtobufError("expected a string of comma-separated paths (FieldMask), found \(json.summary)")
            }
            if text.contains("_") {
                throw ProtobufError("a FieldMask path is written in lowerCamelCase, without \"_\": \(json.summary)")
            }
            let parts = text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false)
            message.set(try field(1).number, .list(parts.map { .string(WellKnownText.snakePath(String($0))) }))
        case .empty:
            guard case .object(let members) = json else {
                throw ProtobufError("expected {} (google.protobuf.Empty), found \(json.summary)")
            }
            return try fields(members, type: type, depth: depth)
        case .wrapper:
            let valueField = try field(1)
            message.set(valueField.number, .single(try single(json, valueField, depth: depth)))
        }
        return message
    }
}
