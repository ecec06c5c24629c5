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
            guard let value = MapKey(try integer(.string(key), type)) else {
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
            return try scalar(json, field.type)
        }
    }

    private func enumNumber(_ json: JSONValue, _ enumData: EnumData) throws(ProtobufError) -> Int32 {
        switch json {
        case .null where enumData.fullName == "google.protobuf.NullValue":
            return 0
        case .string(let name):
            if let number = enumData.byName[name] { return number }
            if case .int32(let number)? = try? integer(.string(name), .int32),
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
            guard case .int32(let number) = try integer(json, .int32) else { throw ProtobufError("bad enum number") }
            if enumData.isClosed, enumData.byNumber[number] == nil {
                throw ProtobufError("\(enumData.fullName) has no value numbered \(number)")
            }
            return number
        default:
            throw ProtobufError("expected an enum value name or number (\(enumData.fullName)), found \(json.summary)")
        }
    }

    func scalar(_ json: JSONValue, _ type: FieldDescriptor.FieldType) throws(ProtobufError) -> ProtobufValue {
        switch type {
        case .bool:
            guard case .bool(let flag) = json else {
                throw ProtobufError("expected true or false, found \(json.summary)")
            }
            return .bool(flag)
        case .string:
            guard case .string(let text) = json else { throw ProtobufError("expected a string, found \(json.summary)") }
            return .string(text)
        case .bytes:
            guard case .string(let text) = json else {
                throw ProtobufError("expected a base64 string, found \(json.summary)")
            }
            guard let bytes = WellKnownText.decodeBase64(text) else { throw ProtobufError("malformed base64") }
            return .bytes(bytes)
        case .float, .double:
            return try floating(json, type)
        default:
            return try integer(json, type)
        }
    }

    private func floating(_ json: JSONValue, _ type: FieldDescriptor.FieldType) throws(ProtobufError) -> ProtobufValue {
        let value: Double
        switch json {
        case .number(let text):
            guard let parsed = Double(text) else { throw ProtobufError("malformed number \(text)") }
            // `-0` is the integer zero; only `-0.0` is negative zero.
            value = parsed == 0 && !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? 0 : parsed
        case .string("NaN"): value = .nan
        case .string("Infinity"): value = .infinity
        case .string("-Infinity"): value = -.infinity
        case .string(let text):
            let trimmed = text.trimmingSpace
            switch trimmed.lowercased() {
            case "inf", "+inf", "infinity", "+infinity": value = .infinity
            case "-inf", "-infinity": value = -.infinity
            default:
                guard Self.isNumberText(trimmed), let parsed = Double(trimmed) else {
                    throw ProtobufError(
                        "expected a number, \"NaN\", \"Infinity\" or \"-Infinity\", found \(json.summary)")
                }
                guard parsed.isFinite else { throw ProtobufError("\(text) is out of range for a \(type.protoName)") }
                value = parsed
            }
        default:
            throw ProtobufError("expected a number, found \(json.summary)")
        }
        if value.isInfinite, case .number(let text) = json {
            throw ProtobufError("\(text) is out of range for a \(type.protoName); write \"Infinity\" or \"-Infinity\"")
        }
        guard type == .float else { return .double(value) }
        if value.isFinite, Float(value).isInfinite {
            throw ProtobufError("\(json.summary) is out of range for a float")
        }
        return .float(Float(value))
    }

    /// A decimal number as Python's float() reads one: `[+-]digits[.digits][e[+-]digits]`, with
    /// digits on at least one side of the point (Double(_:) also takes `inf`, `nan` and hex).
    static func isNumberText(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count < 400 else { return false }
        var i = 0
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var mantissaDigits = 0
        while isDigit(i) {
            i += 1
            mantissaDigits += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while isDigit(i) {
                i += 1
                mantissaDigits += 1
            }
        }
        guard mantissaDigits > 0 else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        return i == bytes.count
    }

    func integer(_ json: JSONValue, _ type: FieldDescriptor.FieldType) throws(ProtobufError) -> ProtobufValue {
        let parsed: IntegerText?
        switch json {
        case .number(let text): parsed = Self.integerValue(ofNumber: text)
        case .string(let text):
            parsed =
                Self.integerValue(ofString: text) ?? (Self.isNumberText(text) ? Self.integerValue(ofNumber: text) : nil)
        default: throw ProtobufError("expected an integer (\(type.protoName)), found \(json.summary)")
        }
        guard let parsed else {
            throw ProtobufError("expected an integer (\(type.protoName)), found \(json.summary)")
        }
        let outOfRange = ProtobufError("\(json.summary) is out of range for a \(type.protoName)")
        guard !parsed.tooBig else { throw outOfRange }
        switch type {
        case .uint64, .fixed64:
            guard !parsed.negative || parsed.magnitude == 0 else { throw outOfRange }
            return .uint64(parsed.magnitude)
        case .uint32, .fixed32:
            guard !parsed.negative || parsed.magnitude == 0, parsed.magnitude <= UInt64(UInt32.max) else {
                throw outOfRange
            }
            return .uint32(UInt32(parsed.magnitude))
        case .int64, .sint64, .sfixed64:
            if parsed.negative {
                guard parsed.magnitude <= UInt64(Int64.max) + 1 else { throw outOfRange }
                return .int64(Int64(truncatingIfNeeded: 0 &- parsed.magnitude))
            }
            guard parsed.magnitude <= UInt64(Int64.max) else { throw outOfRange }
            return .int64(Int64(parsed.magnitude))
        default:
            if parsed.negative {
                guard parsed.magnitude <= UInt64(Int32.max) + 1 else { throw outOfRange }
                return .int32(Int32(truncatingIfNeeded: 0 &- parsed.magnitude))
            }
            guard parsed.magnitude <= UInt64(Int32.max) else { throw outOfRange }
            return .int32(Int32(parsed.magnitude))
        }
    }

    /// `[+-]digits` as a string value.
    static func integerValue(ofString text: String) -> IntegerText? {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty, let magnitude = magnitude(of: bytes) else { return nil }
        return IntegerText(negative: negative, magnitude: magnitude.value, tooBig: magnitude.tooBig)
    }

    /// Decimal digits as a UInt64 (`tooBig` past UInt64.max), nil for a non-digit.
    private static func magnitude(of digits: ArraySlice<UInt8>) -> (value: UInt64, tooBig: Bool)? {
        var value: UInt64 = 0
        var tooBig = false
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { tooBig = true }
            value = sum
        }
        return (value, tooBig)
    }

    /// A JSON number's exact integer value: `1e2` and `100.0` are 100; `1.5` is not an integer.
    static func integerValue(ofNumber text: String) -> IntegerText? {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var exponent = 0
        if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            var exponentBytes = bytes[(e + 1)...]
            var exponentNegative = false
            if exponentBytes.first == UInt8(ascii: "-") || exponentBytes.first == UInt8(ascii: "+") {
                exponentNegative = exponentBytes.first == UInt8(ascii: "-")
                exponentBytes = exponentBytes.dropFirst()
            }
            guard let value = magnitude(of: exponentBytes) else { return nil }
            exponent = value.tooBig ? 100_000 : Int(min(value.value, 100_000))
            if exponentNegative { exponent = -exponent }
            bytes = bytes[..<e]
        }
        var digits: [UInt8] = []
        if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
            digits = Array(bytes[..<dot])
            let fraction = bytes[(dot + 1)...]
            digits += fraction
            exponent -= fraction.count
        } else {
            digits = Array(bytes)
        }
        while exponent < 0 {
            guard let last = digits.last else { break }
            guard last == UInt8(ascii: "0") else { return nil }
            digits.removeLast()
            exponent += 1
        }
        while let first = digits.first, first == UInt8(ascii: "0") { digits.removeFirst() }
        if digits.isEmpty { return IntegerText(negative: negative, magnitude: 0, tooBig: false) }
        guard exponent >= 0 else { return nil }
        if digits.count + exponent > 20 { return IntegerText(negative: negative, magnitude: 0, tooBig: true) }
        digits += [UInt8](repeating: UInt8(ascii: "0"), count: exponent)
        guard let value = magnitude(of: digits[...]) else { return nil }
        return IntegerText(negative: negative, magnitude: value.value, tooBig: value.tooBig)
    }

    /// An integer read from JSON text: sign and magnitude, or "too big for 64 bits".
    struct IntegerText {
        var negative: Bool
        var magnitude: UInt64
        var tooBig: Bool
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

// MARK: - Message to JSON

struct JSONMessageEncoder {
    let schema: Schema
    var emitDefaults = false

    func message(_ message: DynamicMessage, depth: Int) -> JSONValue {
        let data = message.descriptor.data
        if let wellKnown = data.wellKnown, let special = self.wellKnown(wellKnown, message, depth: depth) {
            return special
        }
        return .object(fields(message, depth: depth))
    }

    private func fields(_ message: DynamicMessage, depth: Int) -> [(key: String, value: JSONValue)] {
        let data = message.descriptor.data
        var members: [(key: String, value: JSONValue)] = []
        for field in data.fields {
            guard let value = message.values[field.number] else {
                guard emitDefaults else { continue }
                if field.isMap {
                    members.append((field.jsonName, .object([])))
                } else if field.isRepeated {
                    members.append((field.jsonName, .array([])))
                } else if !field.hasPresence, let zero = ProtobufValue.zero(of: field.type) {
                    members.append((field.jsonName, single(zero, field, depth: depth)))
                }
                continue
            }
            switch value {
            case .single(let single):
                members.append((field.jsonName, self.single(single, field, depth: depth)))
            case .list(let list):
                if list.isEmpty { continue }
                members.append((field.jsonName, .array(list.map { self.single($0, field, depth: depth) })))
            case .map(let map):
                if map.isEmpty { continue }
                guard let entry = field.message, let valueIndex = schema.messages[entry].byNumber[2] else { continue }
                let valueField = schema.messages[entry].fields[valueIndex]
                let entries = map.entries.map {
                    (key: $0.key.jsonKey, value: single($0.value, valueField, depth: depth))
                }
                members.append((field.jsonName, .object(entries)))
            }
        }
        return members
    }

    func single(_ value: ProtobufValue, _ field: FieldData, depth: Int) -> JSONValue {
        switch value {
        case .int32(let v): return .number(String(v))
        case .uint32(let v): return .number(String(v))
        case .int64(let v): return .string(String(v))
        case .uint64(let v): return .string(String(v))
        case .float(let v):
            if v.isNaN { return .string("NaN") }
            if v.isInfinite { return .string(v < 0 ? "-Infinity" : "Infinity") }
            return .number(v.description)
        case .double(let v):
            if v.isNaN { return .string("NaN") }
            if v.isInfinite { return .string(v < 0 ? "-Infinity" : "Infinity") }
            return .number(v.description)
        case .bool(let v): return .bool(v)
        case .string(let v): return .string(v)
        case .bytes(let v): return .string(WellKnownText.base64(v))
        case .enumNumber(let number):
            guard let enumIndex = field.enumIndex else { return .number(String(number)) }
            let enumData = schema.enums[enumIndex]
            if enumData.fullName == "google.protobuf.NullValue" { return .null }
            return enumData.byNumber[number].map { .string($0) } ?? .number(String(number))
        case .message(let message):
            return self.message(message, depth: depth + 1)
        }
    }

    private func value(_ message: DynamicMessage, _ number: Int32) -> ProtobufValue? {
        if case .single(let value)? = message.values[number] { return value }
        return nil
    }

    /// The special JSON of a well-known type; nil to print it as an ordinary message (when its
    /// content has no JSON form, such as a timestamp out of range or an Any of a type the pool
    /// lacks: `{"typeUrl": …, "value": "<base64>"}`). The reader takes those plain forms back.
    private func wellKnown(_ kind: WellKnownType, _ message: DynamicMessage, depth: Int) -> JSONValue? {
        let data = message.descriptor.data
        switch kind {
        case .any:
            var url = ""
            var bytes: [UInt8] = []
            if case .string(let text)? = value(message, 1) { url = text }
            if case .bytes(let content)? = value(message, 2) { bytes = content }
            if url.isEmpty && bytes.isEmpty { return .object([]) }
            let name = url.split(separator: "/").last.map(String.init) ?? url
            guard let inner = schema.messageIndex[name], depth < 100 else { return nil }
            let limits = ProtobufLimits(maximumDepth: max(1, 100 - depth), maximumBytes: Int.max)
            guard
                let content = try? DynamicMessage(
                    binary: bytes, as: MessageDescriptor(schema: schema, index: inner), limits: limits)
            else { return nil }
            let typeMember = (key: "@type", value: JSONValue.string(url))
            if let innerKind = schema.messages[inner].wellKnown, innerKind != .empty {
                // A well-known type goes under "value", as its plain fields when it has no JSON form.
                let special =
                    wellKnown(innerKind, content, depth: depth + 1) ?? .object(fields(content, depth: depth + 1))
                return .object([typeMember, (key: "value", value: special)])
            }
            return .object([typeMember] + fields(content, depth: depth + 1))
        case .timestamp, .duration:
            var seconds: Int64 = 0
            var nanos: Int32 = 0
            if case .int64(let v)? = value(message, 1) { seconds = v }
            if case .int32(let v)? = value(message, 2) { nanos = v }
            if kind == .timestamp {
                guard seconds >= WellKnownText.minimumTimestamp, seconds <= WellKnownText.maximumTimestamp,
                    nanos >= 0, nanos <= 999_999_999
                else { return nil }
                return .string(WellKnownText.timestamp(seconds: seconds, nanos: nanos))
            }
            guard seconds.magnitude <= UInt64(WellKnownText.maximumDuration), nanos.magnitude <= 999_999_999,
                seconds == 0 || nanos == 0 || (seconds < 0) == (nanos < 0)
            else { return nil }
            return .string(WellKnownText.duration(seconds: seconds, nanos: nanos))
        case .structType:
            guard let index = data.byNumber[1] else { return nil }
            let field = data.fields[index]
            guard case .map(let map)? = message.values[1], let entry = field.message,
                let valueIndex = schema.messages[entry].byNumber[2]
            else { return .object([]) }
            let valueField = schema.messages[entry].fields[valueIndex]
            return .object(map.entries.map { (key: $0.key.jsonKey, value: single($0.value, valueField, depth: depth)) })
        case .value:
            for field in data.fields {
                guard let value = value(message, field.number) else { continue }
                if field.number == 1 { return .null }
                return single(value, field, depth: depth)
            }
            return .null
        case .listValue:
            guard let index = data.byNumber[1] else { return nil }
            guard case .list(let list)? = message.values[1] else { return .array([]) }
            return .array(list.map { single($0, data.fields[index], depth: depth) })
        case .fieldMask:
            guard case .list(let list)? = message.values[1] else { return .string("") }
            let paths = list.compactMap { element -> String? in
                if case .string(let path) = element { return WellKnownText.jsonName(path) }
                return nil
            }
            return .string(paths.joined(separator: ","))
        case .empty:
            return nil
        case .wrapper:
            guard let index = data.byNumber[1] else { return nil }
            let field = data.fields[index]
            if let stored = value(message, 1) { return single(stored, field, depth: depth) }
            return ProtobufValue.zero(of: field.type).map { single($0, field, depth: depth) }
        }
    }
}

extension MapKey {
    /// The key as JSON writes it: a string.
    var jsonKey: String {
        switch self {
        case .int32(let value): String(value)
        case .int64(let value): String(value)
        case .uint32(let value): String(value)
        case .uint64(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .string(let value): value
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
