/// The protobuf wire format written: varints, zigzag, tags, fixed-width values, lengths.
enum BinaryEncoder {
    static func varint(_ value: UInt64, into out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    static func fixed(_ value: UInt64, size: Int, into out: inout [UInt8]) {
        for i in 0..<size { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    static func tag(_ number: Int32, _ wire: WireType, into out: inout [UInt8]) {
        varint(UInt64(UInt32(bitPattern: number)) << 3 | wire.rawValue, into: &out)
    }

    static func encode(_ message: DynamicMessage, into out: inout [UInt8]) {
        let data = message.descriptor.data
        let numbers = message.values.keys.sorted()
        for number in numbers {
            guard let value = message.values[number], let index = data.byNumber[number] else { continue }
            let field = data.fields[index]
            switch value {
            case .single(let single):
                encode(single, field: field, into: &out)
            case .list(let list):
                if field.isPacked, !list.isEmpty {
                    tag(field.number, .lengthDelimited, into: &out)
                    var body: [UInt8] = []
                    for element in list { scalar(element, type: field.type, into: &body) }
                    varint(UInt64(body.count), into: &out)
                    out += body
                } else {
                    for element in list { encode(element, field: field, into: &out) }
                }
            case .map(let map):
                guard let entryIndex = field.message else { continue }
                let entry = message.descriptor.schema.messages[entryIndex]
                guard let keyIndex = entry.byNumber[1], let valueIndex = entry.byNumber[2] else { continue }
                for (key, element) in map.entries {
                    var body: [UInt8] = []
                    encode(key.value, field: entry.fields[keyIndex], into: &body)
                    encode(element, field: entry.fields[valueIndex], into: &body)
                    tag(field.number, .lengthDelimited, into: &out)
                    varint(UInt64(body.count), into: &out)
                    out += body
                }
            }
        }
        out += message.unknownFields
    }

    static func encode(_ value: ProtobufValue, field: FieldData, into out: inout [UInt8]) {
        if case .message(let message) = value {
            if field.type == .group {
                tag(field.number, .startGroup, into: &out)
                encode(message, into: &out)
                tag(field.number, .endGroup, into: &out)
            } else {
                var body: [UInt8] = []
                encode(message, into: &body)
                tag(field.number, .lengthDelimited, into: &out)
                varint(UInt64(body.count), into: &out)
                out += body
            }
            return
        }
        tag(field.number, BinaryDecoder.wireType(of: field.type), into: &out)
        if field.type == .string || field.type == .bytes {
            var body: [UInt8] = []
            scalar(value, type: field.type, into: &body)
            varint(UInt64(body.count), into: &out)
            out += body
        } else {
            scalar(value, type: field.type, into: &out)
        }
    }

    static func scalar(_ value: ProtobufValue, type: FieldDescriptor.FieldType, into out: inout [UInt8]) {
        switch (type, value) {
        case (.sint32, .int32(let v)): varint(UInt64(UInt32(bitPattern: (v << 1) ^ (v >> 31))), into: &out)
        case (.sint64, .int64(let v)): varint(UInt64(bitPattern: (v << 1) ^ (v >> 63)), into: &out)
        case (.sfixed32, .int32(let v)): fixed(UInt64(UInt32(bitPattern: v)), size: 4, into: &out)
        case (.fixed32, .uint32(let v)): fixed(UInt64(v), size: 4, into: &out)
        case (.sfixed64, .int64(let v)): fixed(UInt64(bitPattern: v), size: 8, into: &out)
        case (.fixed64, .uint64(let v)): fixed(v, size: 8, into: &out)
        case (_, .int32(let v)): varint(UInt64(bitPattern: Int64(v)), into: &out)
        case (_, .int64(let v)): varint(UInt64(bitPattern: v), into: &out)
        case (_, .uint32(let v)): varint(UInt64(v), into: &out)
        case (_, .uint64(let v)): varint(v, into: &out)
        case (_, .enumNumber(let v)): varint(UInt64(bitPattern: Int64(v)), into: &out)
        case (_, .bool(let v)): varint(v ? 1 : 0, into: &out)
        case (_, .float(let v)): fixed(UInt64(v.bitPattern), size: 4, into: &out)
        case (_, .double(let v)): fixed(v.bitPattern, size: 8, into: &out)
        case (_, .string(let v)): out += Array(v.utf8)
        case (_, .bytes(let v)): out += v
        case (_, .message(let v)): encode(v, into: &out)
        }
    }
}
