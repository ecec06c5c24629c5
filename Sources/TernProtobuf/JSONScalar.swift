/// The scalar values of proto3 JSON for a field type: booleans, strings, base64 bytes, floats and
/// doubles (numbers, or `"NaN"`, `"Infinity"`, `"-Infinity"` and numeric strings), and integers read
/// from their exact text (a string or a number, `1e2` and `100.0` included) with their ranges checked.
enum JSONScalar {
    static func scalar(_ json: JSONValue, _ type: FieldDescriptor.FieldType) throws(ProtobufError) -> ProtobufValue {
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

    private static func floating(_ json: JSONValue, _ type: FieldDescriptor.FieldType) throws(ProtobufError)
        -> ProtobufValue
    {
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

    static func integer(_ json: JSONValue, _ type: FieldDescriptor.FieldType) throws(ProtobufError) -> ProtobufValue {
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
