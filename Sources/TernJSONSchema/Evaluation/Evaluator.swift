import TernJSONPath

/// Applies a compiled schema to an instance, tracking the instance and keyword paths, the dynamic scope and
/// the limits of `JSONSchemaLimits`.
///
/// The functions on the recursive path (`evaluate`, `apply` and the applicator dispatchers) keep few locals and
/// leave messages to helpers, so that `JSONSchemaLimits.maximumDepth` frames stay within a small thread stack.
struct Evaluator {
    /// A node being evaluated at an instance depth; meeting it again on the same stack is a cycle.
    private struct Frame: Hashable {
        let node: Int
        let instanceDepth: Int
    }

    let program: SchemaProgram
    /// The schema resources entered, outermost first (for `$dynamicRef` and `$recursiveRef`).
    var scope: [Int] = []
    var instancePath: [String] = []
    var keywordPath: [String] = []
    /// Whether failures are built (off where they would be thrown away: `not`, `if`, `contains`).
    var collecting = true
    /// The limit that stopped evaluation, if one did; the whole validation then fails with it.
    private(set) var stop: JSONSchemaFailure?
    private var active: Set<Frame> = []
    private var enteredScope: [Bool] = []
    private var evaluations = 0
    /// How long the validation may take.
    private let timeLimit: Duration
    private let deadline: ContinuousClock.Instant

    init(program: SchemaProgram, timeLimit: Duration = JSONSchemaLimits.validationTimeLimit) {
        self.program = program
        self.timeLimit = timeLimit
        deadline = .now + timeLimit
    }

    /// Evaluates node `index` against `instance` at the current paths.
    mutating func evaluate(_ index: Int, _ instance: JSONPathValue) -> Outcome {
        var outcome = Outcome()
        guard enter(index) else {
            outcome.isValid = false
            return outcome
        }
        defer { leave(index) }
        switch program.nodes[index].body {
        case .always(let allowed):
            if !allowed {
                outcome.fail(failure("no value is allowed here (the schema is false)", keyword: nil, node: index))
            }
        case .keywords(let keywords):
            for keyword in keywords {
                evaluate(keyword, of: index, on: instance, into: &outcome)
                if !collecting && !outcome.isValid { break }
            }
        }
        return outcome
    }

    /// Counts the evaluation, checks the limits (recording the first one hit) and pushes the frame.
    private mutating func enter(_ index: Int) -> Bool {
        evaluations += 1
        guard stop == nil else { return false }
        let frame = Frame(node: index, instanceDepth: instancePath.count)
        let problem: String
        if evaluations > JSONSchemaLimits.maximumEvaluations {
            problem = "validation stopped after \(JSONSchemaLimits.maximumEvaluations) subschema evaluations"
        } else if ContinuousClock.now >= deadline {
            problem = "validation stopped after \(timeLimit) (slow patterns?)"
        } else if active.count >= JSONSchemaLimits.maximumDepth {
            problem = "evaluation nested deeper than \(JSONSchemaLimits.maximumDepth) levels"
        } else if active.contains(frame) {
            problem = "the schema refers to itself without moving into the value (a $ref cycle)"
        } else {
            active.insert(frame)
            let resource = program.nodes[index].resource
            enteredScope.append(scope.last != resource)
            if scope.last != resource { scope.append(resource) }
            return true
        }
        stop = JSONSchemaFailure(
            instanceLocation: JSONPointer.text(instancePath), keywordLocation: JSONPointer.text(keywordPath),
            absoluteKeywordLocation: program.nodes[index].absoluteLocation, message: problem)
        return false
    }

    private mutating func leave(_ index: Int) {
        active.remove(Frame(node: index, instanceDepth: instancePath.count))
        if enteredScope.removeLast() { scope.removeLast() }
    }

    /// Evaluates `child` after descending into keyword tokens `keyword` and, when given, instance member `member`.
    mutating func apply(_ child: Int, to instance: JSONPathValue, keyword: [String], member: String? = nil) -> Outcome {
        keywordPath += keyword
        if let member { instancePath.append(member) }
        defer {
            keywordPath.removeLast(keyword.count)
            if member != nil { instancePath.removeLast() }
        }
        return evaluate(child, instance)
    }

    /// Evaluates `child` with failures not collected (its validity and annotations are all the caller needs).
    mutating func quietly(_ child: Int, _ instance: JSONPathValue, keyword: [String]) -> Outcome {
        let wasCollecting = collecting
        collecting = false
        defer { collecting = wasCollecting }
        return apply(child, to: instance, keyword: keyword)
    }

    /// A failure of `keyword` of node `node` at the current paths (`member` extends the instance location);
    /// nil while failures are not being collected.
    func failure(_ message: String, keyword: String?, node: Int, member: String? = nil) -> JSONSchemaFailure? {
        guard collecting else { return nil }
        let keywordTokens = keyword.map { keywordPath + [$0] } ?? keywordPath
        let instanceTokens = member.map { instancePath + [$0] } ?? instancePath
        let absolute = program.nodes[node].absoluteLocation.map { location in
            keyword.map { location + "/" + JSONPointer.escape($0) } ?? location
        }
        return JSONSchemaFailure(
            instanceLocation: JSONPointer.text(instanceTokens), keywordLocation: JSONPointer.text(keywordTokens),
            absoluteKeywordLocation: absolute, message: message)
    }

    /// Whether node `index` is the boolean schema `false` (so a keyword can say which member is not allowed).
    func isFalse(_ index: Int) -> Bool {
        if case .always(false) = program.nodes[index].body { return true }
        return false
    }

    private mutating func evaluate(
        _ keyword: Keyword, of node: Int, on instance: JSONPathValue, into outcome: inout Outcome
    ) {
        switch keyword.kind {
        case .allOf, .anyOf, .oneOf, .not, .conditional, .ref, .dynamicRef, .recursiveRef, .dependentSchemas:
            applyInPlace(keyword, of: node, on: instance, into: &outcome)
        case .properties, .patternProperties, .additionalProperties, .propertyNames, .unevaluatedProperties:
            if case .object(let object) = instance { applyToMembers(keyword, of: node, on: object, into: &outcome) }
        case .prefixItems, .items, .contains, .unevaluatedItems:
            if case .array(let items) = instance { applyToItems(keyword, of: node, on: items, into: &outcome) }
        case .unresolved:
            break
        default:
            check(keyword, of: node, on: instance, into: &outcome)
        }
    }

    /// Runs an assertion keyword and records its failures.
    private func check(_ keyword: Keyword, of node: Int, on instance: JSONPathValue, into outcome: inout Outcome) {
        for message in assert(keyword.kind, on: instance) {
            outcome.fail(failure(message, keyword: keyword.name, node: node))
        }
    }
}
