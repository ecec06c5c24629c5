/// The vocabularies whose keywords a schema resource evaluates (from its meta-schema's `$vocabulary`).
struct Vocabularies: OptionSet, Sendable, Hashable {
    let rawValue: Int

    static let core = Vocabularies(rawValue: 1 << 0)
    static let applicator = Vocabularies(rawValue: 1 << 1)
    static let unevaluated = Vocabularies(rawValue: 1 << 2)
    static let validation = Vocabularies(rawValue: 1 << 3)
    static let formatAssertion = Vocabularies(rawValue: 1 << 4)

    /// Everything but format assertion.
    static let standard: Vocabularies = [.core, .applicator, .unevaluated, .validation]

    /// The vocabularies named in a `$vocabulary` object (unknown URIs are ignored; core is always on).
    init(declared: [String]) {
        var set: Vocabularies = [.core]
        for uri in declared {
            guard let name = uri.split(separator: "/").last else { continue }
            switch name {
            case "applicator": set.formUnion(uri.contains("2019-09") ? [.applicator, .unevaluated] : .applicator)
            case "unevaluated": set.insert(.unevaluated)
            case "validation": set.insert(.validation)
            case "format-assertion": set.insert(.formatAssertion)
            default: break
            }
        }
        self = set
    }

    init(rawValue: Int) { self.rawValue = rawValue }
}
