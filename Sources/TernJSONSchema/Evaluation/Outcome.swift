/// What evaluating a schema against a value found: validity, failures, and the annotations that
/// `unevaluatedProperties` / `unevaluatedItems` read.
struct Outcome {
    var isValid = true
    var errors: [JSONSchemaFailure] = []
    var evaluated = Evaluated()

    /// Records a failure (kept while under `JSONSchemaLimits.maximumErrors`).
    mutating func fail(_ failure: JSONSchemaFailure?) {
        isValid = false
        if let failure, errors.count < JSONSchemaLimits.maximumErrors { errors.append(failure) }
    }

    /// Takes in a subschema's result; its annotations only when it was applied in place to the same value.
    mutating func merge(_ child: Outcome, annotations: Bool) {
        if !child.isValid {
            isValid = false
            errors += child.errors.prefix(JSONSchemaLimits.maximumErrors - errors.count)
        }
        if annotations { evaluated.formUnion(child.evaluated) }
    }
}

/// The members and items of the current value that some keyword has evaluated.
struct Evaluated {
    var properties: Set<String> = []
    var allProperties = false
    var itemPrefix = 0
    var items: Set<Int> = []
    var allItems = false

    /// Adds what `other` evaluated.
    mutating func formUnion(_ other: Evaluated) {
        properties.formUnion(other.properties)
        allProperties = allProperties || other.allProperties
        itemPrefix = max(itemPrefix, other.itemPrefix)
        items.formUnion(other.items)
        allItems = allItems || other.allItems
    }

    /// Whether the member `name` was evaluated.
    func contains(property name: String) -> Bool { allProperties || properties.contains(name) }

    /// Whether the item at `index` was evaluated.
    func contains(item index: Int) -> Bool { allItems || index < itemPrefix || items.contains(index) }
}
