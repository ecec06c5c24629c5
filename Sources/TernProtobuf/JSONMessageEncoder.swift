/// A message as proto3 JSON, as protobuf's json_format writes it (`DynamicMessage.json`).
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
