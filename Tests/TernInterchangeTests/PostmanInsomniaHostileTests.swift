import Foundation
import Testing

@testable import TernInterchange

@Suite("Postman and Insomnia hostile input")
struct PostmanInsomniaHostileTests {
    typealias Support = PostmanFixtureSupport

    private func postmanError(_ text: String) -> ImportError? {
        do {
            _ = try PostmanImporter.read(Support.source(text))
            return nil
        } catch {
            return error
        }
    }

    private func insomniaError(_ text: String, name: String = "export.json") -> ImportError? {
        do {
            _ = try InsomniaImporter.read(Support.source(text, name: name))
            return nil
        } catch {
            return error
        }
    }

    @Test("Truncated JSON is located at line:column")
    func truncated() throws {
        let full = try String(
            contentsOf: Support.fixtures.appendingPathComponent("postman/v2.1.0-httpbin.json"), encoding: .utf8)
        let error = try #require(postmanError(String(full.prefix(full.count / 2))))
        #expect(error.location?.hasPrefix("collection.json:") == true)
        #expect(error.message.contains("truncated"))
        let syntax = try #require(postmanError("{\"info\": {}, \"item\": [}"))
        #expect(syntax.location == "collection.json:1:23")
        let value = try #require(postmanError("{\"info\": {},\n \"item\": [tru]}"))
        #expect(value.location?.hasPrefix("collection.json:2:") == true, "\(value)")
    }

    @Test("Wrong types are errors at their JSON pointer")
    func wrongTypes() {
        #expect(postmanError(#"{"info": {"name": "x"}, "item": 3}"#)?.location == "#/item")
        #expect(postmanError(#"{"info": {"name": "x"}, "item": [3]}"#)?.location == "#/item/0")
        #expect(
            postmanError(#"{"info": {"name": "x"}, "item": [{"name": "a", "request": {"url": 5}}]}"#)?.location
                == "#/item/0/request/url")
        #expect(
            postmanError(#"{"info": {"name": "x"}, "item": [{"name": "a", "item": {"b": 1}}]}"#)?.location
                == "#/item/0/item")
        #expect(postmanError(#"{"info": {"name": "x"}}"#)?.location == "#/item")
        #expect(postmanError("[1, 2]")?.location == "#")
        #expect(insomniaError(#"{"_type": "export", "resources": 3}"#)?.location == "#/resources")
        #expect(insomniaError(#"{"_type": "export", "resources": ["x"]}"#)?.location == "#/resources/0")
        #expect(insomniaError(#"{"name": "not insomnia"}"#)?.location == "#/_type")
    }

    @Test("10,000 nested folders are refused at the level that is too deep, without recursing")
    func deepFolders() throws {
        let depth = 10_000
        var text = #"{"info": {"name": "deep"}, "item": ["#
        text += String(repeating: #"{"name": "f", "item": ["#, count: depth)
        text += String(repeating: "]}", count: depth) + "]}"
        let error = try #require(postmanError(text))
        #expect(error.message.contains("nesting deeper than"))
        #expect(error.location?.hasPrefix("collection.json:1:") == true)
    }

    @Test("A parentId cycle in Insomnia is an error at the parentId, not a hang")
    func parentCycle() throws {
        let text = #"""
            {"_type": "export", "__export_format": 4, "resources": [
              {"_id": "wrk_1", "_type": "workspace", "name": "w"},
              {"_id": "fld_a", "_type": "request_group", "parentId": "fld_b", "name": "a"},
              {"_id": "fld_b", "_type": "request_group", "parentId": "fld_a", "name": "b"},
              {"_id": "req_1", "_type": "request", "parentId": "fld_a", "name": "r", "url": "https://x.test"}
            ]}
            """#
        let error = try #require(insomniaError(text))
        #expect(error.message.hasPrefix("parentId cycle: "))
        #expect(error.location == "#/resources/1/parentId" || error.location == "#/resources/2/parentId")
    }

    @Test("A very deep Insomnia folder chain is refused at the folder")
    func deepInsomniaChain() throws {
        var resources = [#"{"_id": "wrk", "_type": "workspace", "name": "w"}"#]
        var parent = "wrk"
        for index in 0..<300 {
            resources.append(#"{"_id": "f\#(index)", "_type": "request_group", "parentId": "\#(parent)", "name": "f"}"#)
            parent = "f\(index)"
        }
        let text = #"{"_type": "export", "resources": ["# + resources.joined(separator: ",") + "]}"
        let error = try #require(insomniaError(text))
        #expect(error.message.contains("folders nested deeper than"))
        #expect(error.location?.hasPrefix("#/resources/") == true)
    }

    @Test("Malformed Insomnia YAML is located at line:column")
    func malformedYAML() throws {
        let error = try #require(insomniaError("_type: export\nresources:\n  - _id: [unclosed\n", name: "export.yaml"))
        #expect(error.location?.hasPrefix("export.yaml:") == true)
        #expect(error.location?.split(separator: ":").count == 3)
    }

    @Test("Huge strings import; a source over 64 MiB is refused before parsing")
    func hugeInputs() throws {
        let big = String(repeating: "a", count: 8 << 20)
        let text =
            #"{"info": {"name": "big"}, "item": [{"name": "r", "request": {"url": "https://x.test/a", "#
            + #""header": [{"key": "X-Big", "value": ""# + big + #""}]}}]}"#
        let collection = try PostmanImporter.read(Support.source(text))
        #expect(Support.header("X-Big", try #require(collection.specs.first).spec)?.count == big.count)
        let huge = Data(count: (64 << 20) + 1)
        let source = ImportSource(
            data: huge, name: "huge.json", baseDirectory: URL(fileURLWithPath: "/"),
            workspaceRoot: URL(fileURLWithPath: "/"))
        #expect(throws: ImportError.self) { try PostmanImporter.read(source) }
        #expect(throws: ImportError.self) { try InsomniaImporter.read(source) }
    }

    @Test("An alias bomb in Insomnia YAML is refused at the alias, not expanded")
    func aliasBomb() throws {
        var lines = ["_type: export", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...7 {
            let previous = "*a\(level - 1)"
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ") + "]")
        }
        lines.append("resources: []")
        let error = try #require(insomniaError(lines.joined(separator: "\n"), name: "bomb.yaml"))
        #expect(error.location?.hasPrefix("bomb.yaml:") == true)
    }
}
