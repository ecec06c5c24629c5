import TernJSONPath

/// Reads the keywords of one schema object, checking each value's type and naming its pointer when it is wrong.
struct KeywordReader {
    let object: JSONPathObject
    let pointer: [String]

    /// An invalid-schema error for `keyword`.
    func failure(_ keyword: String, _ reason: String) -> JSONSchemaError {
        .invalidSchema(at: JSONPointer.text(pointer + [keyword]), "\(keyword) \(reason)")
    }

    /// The string value of `keyword`, if present.
    func string(_ keyword: String) throws(JSONSchemaError) -> String? {
        guard let value = object[keyword] else { return nil }
        guard case .string(let text) = value else { throw failure(keyword, "must be a string") }
        return text
    }

    /// The boolean value of `keyword`, if present.
    func bool(_ keyword: String) throws(JSONSchemaError) -> Bool? {
        guard let value = object[keyword] else { return nil }
        guard case .bool(let flag) = value else { throw failure(keyword, "must be a boolean") }
        return flag
    }

    /// The numeric value of `keyword`, if present.
    func number(_ keyword: String) throws(JSONSchemaError) -> JSONPathValue? {
        guard let value = object[keyword] else { return nil }
        switch value {
        case .int, .double: return value
        default: throw failure(keyword, "must be a number")
        }
    }

    /// The non-negative integer value of `keyword` (`2.0` included; huge values saturate), if present.
    func count(_ keyword: String) throws(JSONSchemaError) -> Int? {
        guard let value = object[keyword] else { return nil }
        switch value {
        case .int(let int) where int >= 0:
            return Int(clamping: int)
        case .double(let double) where double >= 0 && JSONNumber.isInteger(value):
            return double >= Double(Int.max) ? Int.max : Int(double)
        default:
            throw failure(keyword, "must be a non-negative integer")
        }
    }

    /// The array of strings of `keyword`, if present.
    func strings(_ keyword: String) throws(JSONSchemaError) -> [String]? {
        guard let value = object[keyword] else { return nil }
        guard case .array(let elements) = value else { throw failure(keyword, "must be an array of strings") }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else { throw failure(keyword, "must be an array of strings") }
            result.append(text)
        }
        return result
    }

    /// The array value of `keyword` (each element a schema, checked when compiled), if present.
    func array(_ keyword: String) throws(JSONSchemaError) -> [JSONPathValue]? {
        guard let value = object[keyword] else { return nil }
        guard case .array(let elements) = value else { throw failure(keyword, "must be an array of schemas") }
        return elements
    }

    /// The members of the object value of `keyword`, if present.
    func members(_ keyword: String) throws(JSONSchemaError) -> [(key: String, value: JSONPathValue)]? {
        guard let value = object[keyword] else { return nil }
        guard case .object(let members) = value else { throw failure(keyword, "must be an object") }
        return members.members
    }
}
