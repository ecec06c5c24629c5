import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// `{{name:number}}`, `{{name:boolean}}`, `{{name:json}}`: parsed, converted where a JSON value is
/// written, checked inside longer strings, and refused with the spec's line when the value does not convert.
@Suite("Typed templates")
struct TypedTemplateTests {
    @Test func parsesTheTypeAfterTheLastColon() {
        let references = Template.references(
            in: "{{age:number}} {{ ok : boolean }} {{env:PORT:number}} {{tags:json}} {{a:b}} {{$timestamp:number}}"
                + " {{:number}}")
        #expect(references.map(\.name) == ["age", "ok", "PORT", "tags", "a:b", "timestamp"])
        #expect(references.map(\.type) == [.number, .boolean, .number, .json, nil, .number])
        #expect(references.map(\.kind) == [.variable, .variable, .processEnvironment, .variable, .variable, .function])
        #expect(Template.whole(" {{age:number}} ")?.name == "age")
        #expect(Template.whole("x {{age:number}}") == nil)
        #expect(Template.whole("{{a}}{{b}}") == nil)
    }

    @Test func convertsOnlyWhatIsOfTheType() throws {
        #expect(try TemplateType.number.value(of: "36").get() == .int(36))
        #expect(try TemplateType.number.value(of: "-1.5e2").get() == .double(-150))
        #expect(try TemplateType.boolean.value(of: "false").get() == .bool(false))
        #expect(try TemplateType.json.value(of: #"{"a":[1,null]}"#).get() == .object(["a": .array([.int(1), .null])]))
        #expect(try TemplateType.json.value(of: #""text""#).get() == .string("text"))
        for (type, text) in [
            (TemplateType.number, "thirty"), (.number, "\"36\""), (.number, "true"), (.number, ""), (.number, "NaN"),
            (.boolean, "yes"), (.boolean, "1"), (.json, "{"), (.json, ""), (.json, "abc"),
        ] {
            #expect(throws: TemplateType.Mismatch.self, "\(type) \(text)") { try type.value(of: text).get() }
        }
    }

    private func request(_ spec: String, _ overrides: [String: String]) throws -> Request {
        let folder = try Fixtures.demo(["specs/s.yaml": spec])
        let workspace = try folder.load()
        return try workspace.request(
            for: workspace.spec(named: "s"), context: TemplateContext(overrides: overrides, processEnvironment: [:]))
    }

    @Test func aWholeTypedStringIsItsValueInEveryJSONBody() throws {
        let values = ["age": "36", "admin": "true", "tags": #"["a",{"b":null}]"#]
        let json = try request(
            "method: POST\npath: /u\nbody:\n  json: {age: '{{age:number}}', admin: '{{admin:boolean}}', "
                + "tags: '{{tags:json}}', text: '{{age}}', label: 'n={{age:number}}'}\n", values)
        #expect(
            String(decoding: try json.body.collect(), as: UTF8.self)
                == #"{"admin":true,"age":36,"label":"n=36","tags":["a",{"b":null}],"text":"36"}"#)
        let graphQL = try request(
            "method: POST\npath: /graphql\nbody:\n  graphql:\n    query: 'query($n: Int) { a(n: $n) }'\n"
                + "    variables: {n: '{{age:number}}'}\n", values)
        #expect(String(decoding: try graphQL.body.collect(), as: UTF8.self).contains(#""variables":{"n":36}"#))
    }

    @Test func aValueThatDoesNotConvertIsAnErrorAtItsLine() throws {
        for (spec, line, column) in [
            ("method: POST\npath: /u\nbody:\n  json:\n    age: '{{age:number}}'\n", 5, 10),
            ("method: GET\npath: /u\nheaders:\n  X-Age: 'n {{age:number}}'\n", 4, 10),
        ] {
            do {
                _ = try request(spec, ["age": "thirty"])
                Issue.record("no error for \(spec)")
            } catch let error as WorkspaceError {
                #expect(error.file?.lastPathComponent == "s.yaml")
                #expect(error.line == line && error.column == column, "\(error)")
                #expect(error.message.contains("'{{age:number}}' is \"thirty\", not a JSON number"), "\(error)")
            }
        }
    }

    @Test func typedExpectationsConvertOrSayWhyNot() throws {
        let folder = try Fixtures.demo([
            "specs/c.yaml":
                "method: GET\npath: /u\nexpect:\n  json:\n    $.tags: '{{tags:json}}'\n    $.n: '{{n:number}}'\n"
        ])
        let workspace = try folder.load()
        let entry = try workspace.spec(named: "c")
        let rendered = try workspace.expectations(
            for: entry, context: TemplateContext(overrides: ["tags": "[1]", "n": "2"], processEnvironment: [:]))
        #expect(rendered.contains(.json("$.tags", .equals(.array([.int(1)])))))
        #expect(rendered.contains(.json("$.n", .equals(.int(2)))))
        #expect(throws: WorkspaceError.self) {
            try workspace.expectations(
                for: entry, context: TemplateContext(overrides: ["tags": "[1", "n": "2"], processEnvironment: [:]))
        }
    }
}
