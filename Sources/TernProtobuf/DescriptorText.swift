extension DescriptorPool {
    /// `.proto`-like text of a symbol, like `grpcurl describe`: a service with its rpc lines, a
    /// method's rpc line, a message with its fields (labels, types, numbers, oneofs, maps, nested
    /// types) or an enum with its values. Nil when the pool has no such symbol.
    public func describe(_ symbol: String) -> String? {
        let name = symbol.hasPrefix(".") ? String(symbol.dropFirst()) : symbol
        if let service = service(named: name) {
            var lines = ["service \(service.name) {"]
            lines += service.methods.map { "  " + Self.rpcLine($0) }
            lines.append("}")
            return lines.joined(separator: "\n")
        }
        if let method = method(named: name) { return Self.rpcLine(method) }
        if let index = schema.messageIndex[name] {
            var lines: [String] = []
            describeMessage(index, indent: "", into: &lines)
            return lines.joined(separator: "\n")
        }
        if let index = schema.enumIndex[name] {
            var lines: [String] = []
            describeEnum(schema.enums[index], indent: "", into: &lines)
            return lines.joined(separator: "\n")
        }
        return nil
    }

    private static func rpcLine(_ method: MethodDescriptor) -> String {
        let input = (method.clientStreaming ? "stream " : "") + "." + method.input.fullName
        let output = (method.serverStreaming ? "stream " : "") + "." + method.output.fullName
        return "rpc \(method.name) ( \(input) ) returns ( \(output) );"
    }

    private func typeName(_ field: FieldData) -> String {
        if let message = field.message { return "." + schema.messages[message].fullName }
        if let enumIndex = field.enumIndex { return "." + schema.enums[enumIndex].fullName }
        return field.type.protoName
    }

    private func fieldLine(_ field: FieldData, syntax: ProtobufSyntax) -> String {
        var text: String
        if field.isMap, let entry = field.message, let key = schema.messages[entry].byNumber[1],
            let value = schema.messages[entry].byNumber[2]
        {
            let entryData = schema.messages[entry]
            text = "map<\(typeName(entryData.fields[key])), \(typeName(entryData.fields[value]))> \(field.name)"
        } else {
            var label = ""
            if field.isRepeated {
                label = "repeated "
            } else if field.isRequired {
                label = "required "
            } else if field.oneofIndex == nil
                && (syntax != .proto3 ? true : field.hasPresence && field.type != .message)
            {
                label = "optional "
            }
            if field.type == .group, let message = field.message {
                text = label + "group " + schema.messages[message].name  // the field is its name lower-cased
            } else {
                text = label + typeName(field) + " " + field.name
            }
        }
        text += " = \(field.number)"
        var options: [String] = []
        if let defaultValue = field.defaultValue {
            let quoted = field.type == .string || field.type == .bytes
            options.append("default = " + (quoted ? "\"\(defaultValue)\"" : defaultValue))
        }
        if field.jsonName != WellKnownText.jsonName(field.name) { options.append("json_name = \"\(field.jsonName)\"") }
        if field.isRepeated, field.type.isPackable {
            if syntax == .proto3, !field.isPacked { options.append("packed = false") }
            if syntax == .proto2, field.isPacked { options.append("packed = true") }
        }
        if !options.isEmpty { text += " [" + options.joined(separator: ", ") + "]" }
        return text + ";"
    }

    private func describeMessage(_ index: Int, indent: String, into lines: inout [String]) {
        let data = schema.messages[index]
        lines.append(indent + "message \(data.name) {")
        let inner = indent + "  "
        var printedOneofs: Set<Int> = []
        for field in data.fields {
            if let oneof = field.oneofIndex {
                guard printedOneofs.insert(oneof).inserted else { continue }
                lines.append(inner + "oneof \(data.oneofs[oneof]) {")
                for member in data.fields where member.oneofIndex == oneof {
                    lines.append(inner + "  " + fieldLine(member, syntax: data.syntax))
                }
                lines.append(inner + "}")
            } else {
                lines.append(inner + fieldLine(field, syntax: data.syntax))
            }
        }
        let prefix = data.fullName + "."
        for (nested, nestedData) in schema.messages.enumerated()
        where !nestedData.isMapEntry && nestedData.fullName.hasPrefix(prefix)
            && !nestedData.fullName.dropFirst(prefix.count).contains(".")
        {
            describeMessage(nested, indent: inner, into: &lines)
        }
        for enumData in schema.enums
        where enumData.fullName.hasPrefix(prefix) && !enumData.fullName.dropFirst(prefix.count).contains(".") {
            describeEnum(enumData, indent: inner, into: &lines)
        }
        lines.append(indent + "}")
    }

    private func describeEnum(_ data: EnumData, indent: String, into lines: inout [String]) {
        lines.append(indent + "enum \(data.name) {")
        for value in data.values { lines.append(indent + "  \(value.name) = \(value.number);") }
        lines.append(indent + "}")
    }

    /// A JSON request to fill in, with `//` comments: every field at a zero value (a proto2
    /// field at its default) with its type (`"id": 0, // int64`), nested messages expanded once
    /// (a type already being expanded is cut to `{}`), maps as `{}`, repeated fields with one
    /// element, and of each oneof only the first member, with a comment naming the others.
    /// `DynamicMessage(json:as:)` reads it back.
    public func template(for message: MessageDescriptor) -> String {
        var writer = TemplateWriter(schema: schema)
        if let zero = writer.zero(ofMessage: message.index) {
            return zero + " // " + message.fullName
        }
        writer.object(message.index, indent: 0, path: [], comment: nil)
        return writer.out
    }
}

/// Writes `DescriptorPool.template(for:)`.
private struct TemplateWriter {
    let schema: Schema
    var out = ""
    /// Fields written so far: past the budget, messages are no longer expanded.
    var written = 0
    static let budget = 2000
    static let maximumDepth = 12

    private mutating func pad(_ indent: Int) {
        out += String(repeating: "  ", count: indent)
    }

    mutating func object(_ type: Int, indent: Int, path: Set<Int>, comment: String?) {
        let data = schema.messages[type]
        var seenOneofs: Set<Int> = []
        let fields = data.fields.filter { field in
            guard let oneof = field.oneofIndex else { return true }
            return seenOneofs.insert(oneof).inserted
        }
        guard !fields.isEmpty else {
            out += "{}"
            return
        }
        out += "{"
        if let comment { out += " // " + comment }
        out += "\n"
        let path = path.union([type])
        for (i, field) in fields.enumerated() {
            written += 1
            pad(indent + 1)
            JSONWriter.quote(field.jsonName, into: &out)
            out += ": "
            member(field, in: data, indent: indent + 1, path: path, trailing: i == fields.count - 1 ? "" : ",")
        }
        pad(indent)
        out += "}"
    }

    private func typeComment(_ field: FieldData, in data: MessageData) -> String {
        var text: String
        if field.isMap, let entry = field.message, let key = schema.messages[entry].byNumber[1],
            let value = schema.messages[entry].byNumber[2]
        {
            let entryData = schema.messages[entry]
            text = "map<\(typeText(entryData.fields[key])), \(typeText(entryData.fields[value]))>"
        } else {
            text = (field.isRepeated ? "repeated " : field.isRequired ? "required " : "") + typeText(field)
        }
        if let oneof = field.oneofIndex {
            let others = data.fields.filter { $0.oneofIndex == oneof && $0.number != field.number }.map(\.jsonName)
            text += "; oneof \(data.oneofs[oneof])"
            if !others.isEmpty { text += ": or instead one of " + others.joined(separator: ", ") }
        }
        return text
    }

    private func typeText(_ field: FieldData) -> String {
        if let message = field.message { return schema.messages[message].fullName }
        if let enumIndex = field.enumIndex {
            let enumData = schema.enums[enumIndex]
            let names = enumData.values.prefix(8).map(\.name).joined(separator: ", ")
            return "enum \(enumData.fullName): \(names)" + (enumData.values.count > 8 ? ", …" : "")
        }
        return field.type == .bytes ? "bytes (base64)" : field.type.protoName
    }

    /// The zero value of a non-message field, or of a well-known type with its own JSON form.
    private func zero(_ field: FieldData) -> String? {
        if let message = field.message { return zero(ofMessage: message) }
        if let defaultValue = field.defaultValue, !field.isRepeated {
            switch field.type {
            case .string:
                var quoted = ""
                JSONWriter.quote(defaultValue, into: &quoted)
                return quoted
            case .enum: return "\"" + defaultValue + "\""
            case .bool: return defaultValue == "true" ? "true" : "false"
            case .float, .double:
                switch defaultValue {
                case "inf": return "\"Infinity\""
                case "-inf": return "\"-Infinity\""
                case "nan": return "\"NaN\""
                default: return Double(defaultValue) == nil ? "0" : defaultValue
                }
            case .bytes: break
            default: return Int64(defaultValue) != nil || UInt64(defaultValue) != nil ? defaultValue : "0"
            }
        }
        switch field.type {
        case .bool: return "false"
        case .string, .bytes: return "\"\""
        case .enum:
            guard let enumIndex = field.enumIndex, let first = schema.enums[enumIndex].values.first else { return "0" }
            let enumData = schema.enums[enumIndex]
            return "\"" + (enumData.byNumber[0] ?? first.name) + "\""
        default: return "0"
        }
    }

    /// The zero JSON of a well-known type with its own JSON form; nil for other messages.
    func zero(ofMessage message: Int) -> String? {
        let data = schema.messages[message]
        switch data.wellKnown {
        case .timestamp?: return "\"1970-01-01T00:00:00Z\""
        case .duration?: return "\"0s\""
        case .fieldMask?: return "\"\""
        case .structType?: return "{}"
        case .empty?: return nil
        case .value?: return "null"
        case .listValue?: return "[]"
        case .any?: return "{}"
        case .wrapper?:
            guard let inner = data.byNumber[1] else { return "null" }
            return zero(data.fields[inner])
        case nil: return nil
        }
    }

    private mutating func member(
        _ field: FieldData, in data: MessageData, indent: Int, path: Set<Int>, trailing: String
    ) {
        var comment = typeComment(field, in: data)
        if field.isMap {
            out += "{}" + trailing + " // " + comment + "\n"
            return
        }
        if let zero = zero(field) {
            out += (field.isRepeated ? "[\(zero)]" : zero) + trailing + " // " + comment + "\n"
            return
        }
        guard let message = field.message else { return }
        if schema.messages[message].fields.isEmpty {
            out += (field.isRepeated ? "[{}]" : "{}") + trailing + " // " + comment + "\n"
            return
        }
        let expand = !path.contains(message) && indent < Self.maximumDepth && written < Self.budget
        if !expand {
            comment += path.contains(message) ? " (recursive: left empty)" : " (left empty)"
            out += (field.isRepeated ? "[]" : "{}") + trailing + " // " + comment + "\n"
            return
        }
        if field.isRepeated {
            out += "[ // " + comment + "\n"
            pad(indent + 1)
            object(message, indent: indent + 1, path: path, comment: nil)
            out += "\n"
            pad(indent)
            out += "]" + trailing + "\n"
        } else {
            object(message, indent: indent, path: path, comment: comment)
            out += trailing + "\n"
        }
    }
}
