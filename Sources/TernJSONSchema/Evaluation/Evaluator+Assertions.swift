import TernJSONPath

extension Evaluator {
    /// The messages of the assertion `kind` on `instance`; empty when it holds (or does not apply to its type).
    func assert(_ kind: Keyword.Kind, on instance: JSONPathValue) -> [String] {
        switch (kind, instance) {
        case (.type(let types), _):
            if types.contains(where: { $0.matches(instance) }) { return [] }
            let names = types.map(\.rawValue).joined(separator: " or ")
            return ["expected \(names), found \(JSONType.describe(instance))"]
        case (.enumeration(let values), _):
            if values.contains(instance) { return [] }
            return ["\(Self.quote(instance)) is not one of \(Self.list(values))"]
        case (.constant(let value), _):
            return value == instance ? [] : ["expected \(Self.quote(value)), found \(Self.quote(instance))"]
        case (.format(let format), _):
            return FormatChecker.isValid(instance, format: format)
                ? [] : ["\(Self.quote(instance)) is not a valid \(format)"]
        case (.multipleOf(let step), .int), (.multipleOf(let step), .double):
            if JSONNumber.isMultiple(instance, of: step) { return [] }
            return ["\(JSONNumber.text(instance)) is not a multiple of \(JSONNumber.text(step))"]
        case (.maximum(let limit, let exclusive), .int), (.maximum(let limit, let exclusive), .double):
            return bound(instance, limit, exclusive: exclusive, isMaximum: true)
        case (.minimum(let limit, let exclusive), .int), (.minimum(let limit, let exclusive), .double):
            return bound(instance, limit, exclusive: exclusive, isMaximum: false)
        case (.maxLength(let limit), .string(let text)):
            let length = text.unicodeScalars.count
            return length <= limit ? [] : ["the string has \(length) characters, more than the maximum \(limit)"]
        case (.minLength(let limit), .string(let text)):
            let length = text.unicodeScalars.count
            return length >= limit ? [] : ["the string has \(length) characters, fewer than the minimum \(limit)"]
        case (.pattern(let pattern), .string(let text)):
            switch pattern.regex.firstMatch(in: text) {
            case .found: return []
            case .none: return ["\(Self.quote(instance)) does not match /\(pattern.source)/"]
            case .stopped, .inputTooLong: return [Self.unmatchable(pattern)]
            }
        case (.maxItems(let limit), .array(let items)):
            return items.count <= limit ? [] : ["the array has \(items.count) items, more than the maximum \(limit)"]
        case (.minItems(let limit), .array(let items)):
            return items.count >= limit ? [] : ["the array has \(items.count) items, fewer than the minimum \(limit)"]
        case (.uniqueItems, .array(let items)):
            guard let (first, second) = UniqueItems.firstDuplicate(in: items) else { return [] }
            return ["items \(first) and \(second) are equal"]
        case (.maxProperties(let limit), .object(let object)):
            if object.count <= limit { return [] }
            return ["the object has \(object.count) properties, more than the maximum \(limit)"]
        case (.minProperties(let limit), .object(let object)):
            if object.count >= limit { return [] }
            return ["the object has \(object.count) properties, fewer than the minimum \(limit)"]
        case (.required(let names), .object(let object)):
            return names.filter { object[$0] == nil }.map { "required property '\($0)' is missing" }
        case (.dependentRequired(let dependencies), .object(let object)):
            return dependencies.filter { object[$0.0] != nil }.flatMap { trigger, names in
                names.filter { object[$0] == nil }.map { "property '\($0)' is required when '\(trigger)' is present" }
            }
        default:
            return []
        }
    }

    private func bound(_ value: JSONPathValue, _ limit: JSONPathValue, exclusive: Bool, isMaximum: Bool) -> [String] {
        guard let order = JSONNumber.compare(value, limit) else { return [] }
        let (number, bound) = (JSONNumber.text(value), JSONNumber.text(limit))
        switch (isMaximum, exclusive) {
        case (true, false): return order <= 0 ? [] : ["\(number) is greater than the maximum \(bound)"]
        case (true, true): return order < 0 ? [] : ["\(number) is not less than the exclusive maximum \(bound)"]
        case (false, false): return order >= 0 ? [] : ["\(number) is less than the minimum \(bound)"]
        case (false, true): return order > 0 ? [] : ["\(number) is not greater than the exclusive minimum \(bound)"]
        }
    }

    /// A value as a message shows it: strings in single quotes, the rest as JSON, cut when long.
    static func quote(_ value: JSONPathValue) -> String {
        let limit = JSONSchemaLimits.maximumQuotedValue
        let text: String
        if case .string(let string) = value { text = "'" + string + "'" } else { text = value.jsonText }
        return text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    private static func list(_ values: [JSONPathValue]) -> String {
        let shown = values.prefix(5).map(quote).joined(separator: ", ")
        return "[" + shown + (values.count > 5 ? ", … (\(values.count) in all)]" : "]")
    }
}
