extension DynamicMessage {
    /// Decodes protobuf wire bytes as a message of `type`. Fields the type doesn't declare are kept
    /// as unknown fields; missing proto2 `required` fields are not an error.
    public init(
        binary: some Collection<UInt8>, as type: MessageDescriptor, limits: ProtobufLimits = .init()
    ) throws(ProtobufError) {
        guard binary.count <= limits.maximumBytes else {
            throw ProtobufError("the message is \(binary.count) bytes, over the limit of \(limits.maximumBytes)")
        }
        let decoder = BinaryDecoder(bytes: Array(binary), schema: type.schema, limits: limits)
        var message = DynamicMessage(type)
        var position = 0
        try decoder.decode(into: &message, from: &position, to: decoder.bytes.count, depth: 0, group: nil)
        self = message
    }

    /// The message as protobuf wire bytes: fields in number order, then the unknown fields.
    public func binary() -> [UInt8] {
        var out: [UInt8] = []
        BinaryEncoder.encode(self, into: &out)
        return out
    }
}

enum WireType: UInt64 {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case startGroup = 3
    case endGroup = 4
    case fixed32 = 5
}

struct BinaryDecoder {
    let bytes: [UInt8]
    let schema: Schema
    let limits: ProtobufLimits

    func varint(_ position: inout Int, _ end: Int) throws(ProtobufError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw ProtobufError("the message ends inside a varint") }
            let byte = bytes[position]
            position += 1
            if shift < 64 { result |= UInt64(byte & 0x7F) << shift }
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift >= 70 { throw ProtobufError("a varint is longer than 10 bytes") }
        }
    }

    func fixed(_ position: inout Int, _ end: Int, size: Int) throws(ProtobufError) -> UInt64 {
        guard end - position >= size else { throw ProtobufError("the message ends inside a \(size * 8)-bit value") }
        var result: UInt64 = 0
        for i in 0..<size { result |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += size
        return result
    }

    /// The end of a length-delimited value starting at `position` (after its length).
    func delimitedEnd(_ position: inout Int, _ end: Int) throws(ProtobufError) -> Int {
        let length = try varint(&position, end)
        guard length <= UInt64(end - position) else {
            throw ProtobufError("a length of \(length) bytes runs past the end of the message")
        }
        return position + Int(length)
    }

    /// Decodes fields into `message` until `end` (or, for a group, its end tag).
    func decode(
        into message: inout DynamicMessage, from position: inout Int, to end: Int, depth: Int, group: UInt64?
    ) throws(ProtobufError) {
        guard depth < limits.maximumDepth else {
            throw ProtobufError("messages nest deeper than \(limits.maximumDepth) levels")
        }
        let data = message.descriptor.data
        while position < end {
            let tagStart = position
            let tag = try varint(&position, end)
            let number = tag >> 3
            guard let wire = WireType(rawValue: tag & 7) else {
                throw ProtobufError("field \(number) has the invalid wire type \(tag & 7)")
            }
            guard number >= 1, number <= 536_870_911 else {
                throw ProtobufError("the field number \(number) is invalid")
            }
            if wire == .endGroup {
                guard let group, group == number else {
                    throw ProtobufError("an end-group tag for field \(number) has no matching start")
                }
                return
            }
            if let index = data.byNumber[Int32(number)] {
                let field = data.fields[index]
                var handled = false
                do throws(ProtobufError) {
                    handled = try decodeField(field, wire: wire, into: &message, at: &position, end: end, depth: depth)
                } catch {
                    throw error.within(field.jsonName)
                }
                if handled { continue }
            }
            try skip(wire, number: number, at: &position, end: end, depth: depth)
            message.unknownFields.append(contentsOf: bytes[tagStart..<position])
        }
        if let group { throw ProtobufError("the message ends inside group \(group)") }
    }

    /// Skips a value the message type doesn't know.
    func skip(_ wire: WireType, number: UInt64, at position: inout Int, end: Int, depth: Int) throws(ProtobufError) {
        switch wire {
        case .varint: _ = try varint(&position, end)
        case .fixed64: _ = try fixed(&position, end, size: 8)
        case .fixed32: _ = try fixed(&position, end, size: 4)
        case .lengthDelimited: position = try delimitedEnd(&position, end)
        case .endGroup: throw ProtobufError("an end-group tag for field \(number) has no matching start")
        case .startGroup:
            guard depth + 1 < limits.maximumDepth else {
                throw ProtobufError("groups nest deeper than \(limits.maximumDepth) levels")
            }
            while true {
                guard position < end else { throw ProtobufError("the message ends inside group \(number)") }
                let tag = try varint(&position, end)
                guard let inner = WireType(rawValue: tag & 7) else {
                    throw ProtobufError("field \(tag >> 3) has the invalid wire type \(tag & 7)")
                }
                if inner == .endGroup {
                    guard tag >> 3 == number else {
                        throw ProtobufError("group \(number) ends with the tag of group \(tag >> 3)")
                    }
                    return
                }
                try skip(inner, number: tag >> 3, at: &position, end: end, depth: depth + 1)
            }
        }
    }

    /// The wire type a single value of `type` uses.
    static func wireType(of type: FieldDescriptor.FieldType) -> WireType {
        switch type {
        case .double, .fixed64, .sfixed64: .fixed64
        case .float, .fixed32, .sfixed32: .fixed32
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        default: .varint
        }
    }

    /// Decodes one occurrence of a known field; false when its wire type doesn't fit (then the
    /// bytes are kept as an unknown field, as protobuf does).
    private func decodeField(
        _ field: FieldData, wire: WireType, into message: inout DynamicMessage, at position: inout Int, end: Int,
        depth: Int
    ) throws(ProtobufError) -> Bool {
        let expected = Self.wireType(of: field.type)
        if field.isMap {
            guard wire == .lengthDelimited, let entryIndex = field.message else { return false }
            let entryEnd = try delimitedEnd(&position, end)
            let entryStart = position
            var entry = DynamicMessage(MessageDescriptor(schema: schema, index: entryIndex))
            try decode(into: &entry, from: &position, to: entryEnd, depth: depth + 1, group: nil)
            let entryData = entry.descriptor.data
            guard let keyIndex = entryData.byNumber[1], let valueIndex = entryData.byNumber[2] else { return true }
            let keyField = entryData.fields[keyIndex]
            let valueField = entryData.fields[valueIndex]
            if let enumIndex = valueField.enumIndex, schema.enums[enumIndex].isClosed, entry.values[2] == nil,
                !entry.unknownFields.isEmpty
            {
                // A number the closed enum lacks: the whole entry is an unknown field, as protobuf keeps it.
                BinaryEncoder.tag(field.number, .lengthDelimited, into: &message.unknownFields)
                BinaryEncoder.varint(UInt64(entryEnd - entryStart), into: &message.unknownFields)
                message.unknownFields += bytes[entryStart..<entryEnd]
                return true
            }
            let keyValue: ProtobufValue?
            if case .single(let value)? = entry.values[1] {
                keyValue = value
            } else {
                keyValue = ProtobufValue.zero(of: keyField.type)
            }
            guard let keyValue, let key = MapKey(keyValue) else { return true }
            let value: ProtobufValue
            if case .single(let stored)? = entry.values[2] {
                value = stored
            } else if let zero = ProtobufValue.zero(of: valueField.type) {
                value = zero
            } else if let messageIndex = valueField.message {
                value = .message(DynamicMessage(MessageDescriptor(schema: schema, index: messageIndex)))
            } else {
                return true
            }
            var map: ProtobufMap
            if case .map(let existing)? = message.take(field.number) { map = existing } else { map = ProtobufMap() }
            map[key] = value
            message.set(field.number, .map(map))
            return true
        }
        if field.isRepeated {
            if wire == .lengthDelimited, field.type.isPackable {
                let packedEnd = try delimitedEnd(&position, end)
                var list: [ProtobufValue]
                if case .list(let existing)? = message.take(field.number) { list = existing } else { list = [] }
                // The exact count (no doubling while growing): the bytes bound it, so does the limit.
                switch expected {
                case .fixed32: list.reserveCapacity(list.count + (packedEnd - position) / 4)
                case .fixed64: list.reserveCapacity(list.count + (packedEnd - position) / 8)
                default: list.reserveCapacity(list.count + bytes[position..<packedEnd].count { $0 < 0x80 })
                }
                var unknown: [UInt8] = []
                while position < packedEnd {
                    let value = try scalar(field, wire: expected, at: &position, end: packedEnd)
                    if let value = known(value, field, unknown: &unknown) { list.append(value) }
                }
                message.unknownFields += unknown
                message.set(field.number, .list(list))
                return true
            }
            guard wire == expected else { return false }
            let value = try single(field, wire: wire, existing: nil, at: &position, end: end, depth: depth)
            var list: [ProtobufValue]
            if case .list(let existing)? = message.take(field.number) { list = existing } else { list = [] }
            var unknown: [UInt8] = []
            if let value = known(value, field, unknown: &unknown) { list.append(value) }
            message.unknownFields += unknown
            message.set(field.number, .list(list))
            return true
        }
        guard wire == expected else { return false }
        var existing: DynamicMessage?
        if field.type == .message || field.type == .group, case .single(.message(let old))? = message.take(field.number)
        {
            existing = old
        }
        let value = try single(field, wire: wire, existing: existing, at: &position, end: end, depth: depth)
        var unknown: [UInt8] = []
        if let value = known(value, field, unknown: &unknown) {
            message.set(field.number, .single(value))
        }
        message.unknownFields += unknown
        return true
    }

    /// `value`, or nil after writing it to `unknown` when it is a number a closed enum doesn't declare.
    private func known(_ value: ProtobufValue, _ field: FieldData, unknown: inout [UInt8]) -> ProtobufValue? {
        guard case .enumNumber(let number) = value, let enumIndex = field.enumIndex else { return value }
        let enumData = schema.enums[enumIndex]
        guard enumData.isClosed, enumData.byNumber[number] == nil else { return value }
        BinaryEncoder.varint(UInt64(field.number) << 3, into: &unknown)
        BinaryEncoder.varint(UInt64(bitPattern: Int64(number)), into: &unknown)
        return nil
    }

    private func single(
        _ field: FieldData, wire: WireType, existing: DynamicMessage?, at position: inout Int, end: Int, depth: Int
    ) throws(ProtobufError) -> ProtobufValue {
        switch field.type {
        case .message, .group:
            guard let messageIndex = field.message else { throw ProtobufError("the field's type is not resolved") }
            var message = existing ?? DynamicMessage(MessageDescriptor(schema: schema, index: messageIndex))
            if field.type == .group {
                try decode(into: &message, from: &position, to: end, depth: depth + 1, group: UInt64(field.number))
            } else {
                let messageEnd = try delimitedEnd(&position, end)
                try decode(into: &message, from: &position, to: messageEnd, depth: depth + 1, group: nil)
            }
            return .message(message)
        default:
            return try scalar(field, wire: wire, at: &position, end: end)
        }
    }

    private func scalar(
        _ field: FieldData, wire: WireType, at position: inout Int, end: Int
    ) throws(ProtobufError) -> ProtobufValue {
        switch field.type {
        case .int32: return .int32(Int32(truncatingIfNeeded: try varint(&position, end)))
        case .int64: return .int64(Int64(bitPattern: try varint(&position, end)))
        case .uint32: return .uint32(UInt32(truncatingIfNeeded: try varint(&position, end)))
        case .uint64: return .uint64(try varint(&position, end))
        case .sint32:
            let raw = UInt32(truncatingIfNeeded: try varint(&position, end))
            return .int32(Int32(bitPattern: raw >> 1) ^ -Int32(bitPattern: raw & 1))
        case .sint64:
            let raw = try varint(&position, end)
            return .int64(Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
        case .bool: return .bool(try varint(&position, end) != 0)
        case .enum: return .enumNumber(Int32(truncatingIfNeeded: try varint(&position, end)))
        case .fixed64: return .uint64(try fixed(&position, end, size: 8))
        case .sfixed64: return .int64(Int64(bitPattern: try fixed(&position, end, size: 8)))
        case .double: return .double(Double(bitPattern: try fixed(&position, end, size: 8)))
        case .fixed32: return .uint32(UInt32(truncatingIfNeeded: try fixed(&position, end, size: 4)))
        case .sfixed32: return .int32(Int32(bitPattern: UInt32(truncatingIfNeeded: try fixed(&position, end, size: 4))))
        case .float: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: try fixed(&position, end, size: 4))))
        case .bytes:
            let valueEnd = try delimitedEnd(&position, end)
            defer { position = valueEnd }
            return .bytes(Array(bytes[position..<valueEnd]))
        case .string:
            let valueEnd = try delimitedEnd(&position, end)
            defer { position = valueEnd }
            let slice = bytes[position..<valueEnd]
            if let text = String(validating: slice, as: UTF8.self) { return .string(text) }
            guard schema.messages[field.owner].syntax == .proto2 else {
                throw ProtobufError("the string is not valid UTF-8")
            }
            return .string(String(decoding: slice, as: UTF8.self))
        case .message, .group:
            throw ProtobufError("a message cannot be packed")
        }
    }
}
