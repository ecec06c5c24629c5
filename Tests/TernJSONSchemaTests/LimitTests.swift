import Foundation
import TernJSONPath
import TernJSONSchema
import Testing

/// Every limit of `JSONSchemaLimits`, tested at its edge: nothing a schema or an instance holds can hang or crash.
@Suite struct LimitTests {
    /// A tree schema: each `c` member is the same schema again (two evaluation frames per level).
    private let tree = ##"{"$defs": {"n": {"properties": {"c": {"$ref": "#/$defs/n"}}}}, "$ref": "#/$defs/n"}"##

    /// An instance nested `depth` levels through member `c`.
    private func nested(_ depth: Int) -> JSONPathValue {
        var value = JSONPathValue.object(JSONPathObject())
        for _ in 0..<depth { value = .object(JSONPathObject([("c", value)])) }
        return value
    }

    /// A schema of `depth` nested `not`s.
    private func nots(_ depth: Int) -> JSONPathValue {
        var value = JSONPathValue.bool(true)
        for _ in 0..<depth { value = .object(JSONPathObject([("not", value)])) }
        return value
    }

    @Test func evaluationDepthStopsAtTheLimit() throws {
        let schema = try JSONSchema(try json(tree))
        let deepest = (JSONSchemaLimits.maximumDepth - 2) / 2
        #expect(schema.validate(nested(deepest)).isValid)
        let tooDeep = schema.validate(nested(deepest + 1))
        #expect(!tooDeep.isValid)
        #expect(
            tooDeep.errors.first?.message == "evaluation nested deeper than \(JSONSchemaLimits.maximumDepth) levels")
    }

    @Test(arguments: [
        ##"{"$ref": "#"}"##,
        ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
        ##"{"anyOf": [{"$ref": "#"}, {"$ref": "#"}]}"##,
        ##"{"$dynamicAnchor": "x", "allOf": [{"$dynamicRef": "#x"}]}"##,
    ])
    func refCyclesEndWithAFailure(_ text: String) throws {
        let result = try JSONSchema(try json(text)).validate(.int(1))
        #expect(!result.isValid)
        #expect(result.errors.contains { $0.message.contains("$ref cycle") })
    }

    @Test func evaluationsStopAtTheBudget() throws {
        let schema = try JSONSchema(try json(#"{"items": true}"#))
        let budget = JSONSchemaLimits.maximumEvaluations
        // The count is what is tested: on a loaded machine a debug build may take longer than the time limit to
        // make a million evaluations, so that limit is lifted here.
        let generous = Duration.seconds(600)
        #expect(schema.validate(.array(Array(repeating: .null, count: budget - 1)), timeLimit: generous).isValid)
        let over = schema.validate(.array(Array(repeating: .null, count: budget)), timeLimit: generous)
        #expect(!over.isValid)
        #expect(over.errors.first?.message == "validation stopped after \(budget) subschema evaluations")
        #expect(over.errors.first?.instanceLocation == "/\(budget - 1)")
    }

    @Test func aValidationPastItsTimeLimitStopsWithAFailure() throws {
        let schema = try JSONSchema(try json(#"{"items": true}"#))
        let result = schema.validate(.array([.null, .null]), timeLimit: .zero)
        #expect(!result.isValid)
        #expect(result.errors.first?.message == "validation stopped after 0.0 seconds (slow patterns?)")
    }

    @Test func exponentialFanOutEndsWithinTheBudget() throws {
        var defs = JSONPathObject([("l30", .bool(true))])
        for level in 0..<30 {
            let next = JSONPathValue.object(JSONPathObject([("$ref", .string("#/$defs/l\(level + 1)"))]))
            defs["l\(level)"] = .object(JSONPathObject([("allOf", .array([next, next]))]))
        }
        let root = JSONPathObject([("$defs", .object(defs)), ("$ref", .string("#/$defs/l0"))])
        let result = try JSONSchema(.object(root)).validate(.int(1))
        #expect(!result.isValid)
        #expect(result.errors.first?.message.hasPrefix("validation stopped after") == true)
    }

    @Test func aCatastrophicPatternIsStoppedInTime() throws {
        let schema = try JSONSchema(try json(#"{"pattern": "^(a+)+$"}"#))
        let started = ContinuousClock.now
        let result = schema.validate(.string(String(repeating: "a", count: 40) + "!"))
        let elapsed = ContinuousClock.now - started
        #expect(!result.isValid)
        #expect(result.errors.first?.message.contains("could not be matched within") == true)
        // A lower bound only: the match ran until its limit; a busy machine can only make it later.
        #expect(elapsed >= JSONSchemaLimits.regexTimeLimit)
    }

    @Test func patternInputIsBoundedInBytes() throws {
        let schema = try JSONSchema(try json(#"{"pattern": "b$"}"#))
        let limit = JSONSchemaLimits.maximumRegexInput
        #expect(schema.validate(.string(String(repeating: "a", count: limit - 1) + "b")).isValid)
        let tooLong = schema.validate(.string(String(repeating: "a", count: limit) + "b"))
        #expect(!tooLong.isValid)
        #expect(tooLong.errors.first?.message.contains("\(limit) bytes") == true)
    }

    @Test func errorsAreCappedButValidityIsExact() throws {
        let schema = try JSONSchema(try json(#"{"items": {"type": "string"}}"#))
        let limit = JSONSchemaLimits.maximumErrors
        #expect(schema.validate(.array(Array(repeating: .int(1), count: limit))).errors.count == limit)
        let many = schema.validate(.array(Array(repeating: .int(1), count: limit + 10)))
        #expect(!many.isValid)
        #expect(many.errors.count == limit)
        #expect(many.errors.last?.instanceLocation == "/\(limit - 1)")
    }

    @Test func schemaNestingIsBounded() throws {
        #expect(throws: Never.self) { try JSONSchema(nots(JSONSchemaLimits.maximumSchemaNesting)) }
        #expect {
            try JSONSchema(nots(JSONSchemaLimits.maximumSchemaNesting + 1))
        } throws: { error in
            (error as? JSONSchemaError)?.description.contains("nests deeper than") == true
        }
    }

    /// The deepest schema and evaluation the limits allow fit in a 1 MiB stack, even in a debug build (compiling
    /// never recurses; an evaluation frame takes about 7 KiB unoptimized, far less optimized).
    @Test func theLimitsFitInASmallStack() async throws {
        let deepSchema = nots(JSONSchemaLimits.maximumSchemaNesting)
        let treeSchema = try json(tree)
        let instance = nested(JSONSchemaLimits.maximumDepth)
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let thread = Thread {
                let compiled = try? JSONSchema(deepSchema)
                _ = compiled?.validate(.int(1))
                let recursive = try? JSONSchema(treeSchema)
                _ = recursive?.validate(instance)
                continuation.resume(returning: compiled != nil && recursive != nil)
            }
            thread.stackSize = 1024 * 1024
            thread.start()
        }
        #expect(finished)
    }
}

@Suite("A validation's own time limit")
struct ValidationTimeLimitTests {
    @Test("many strings that each stop a slow pattern end the validation, which fails saying why")
    func slowPatternsStopTheValidation() throws {
        let schema = try JSONSchema(try JSONPathValue(decoding: #"{"items": {"pattern": "^(a+)+$"}}"#))
        let slow = String(repeating: "a", count: 40) + "!"
        let instance = JSONPathValue.array(Array(repeating: .string(slow), count: 40))
        let validation = schema.validate(instance)
        #expect(!validation.isValid)
        #expect(validation.errors.first?.message.hasPrefix("validation stopped after") == true, "\(validation.errors)")
    }
}
