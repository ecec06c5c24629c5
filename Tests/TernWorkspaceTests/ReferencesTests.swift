import Foundation
import Testing

@testable import TernWorkspace

@Suite struct ReferencesTests {
    @Test func findsVariablesInTargetsSpecsAndTheEnvironment() throws {
        let folder = try Fixtures.demo([
            "environments/mock.yaml": "baseURL: \"{{mock}}\"\n",
            "specs/upload.yaml": """
            method: POST
            path: /upload
            storageKey: up-{{bucket}}
            query: { tags: [a, "{{tag}}"] }
            body: { multipart: [ { name: f, file: "{{dir}}/a.bin" }, { name: n, value: "{{note}}" } ] }
            """,
            "specs/json.yaml": "method: POST\npath: /j\nbody: { json: { deep: { list: [\"{{leaf}}\"] } } }\n",
            "specs/form.yaml": "method: POST\npath: /f\nbody: { form: { user: \"{{user}}\" } }\n",
            "specs/text.yaml": "method: POST\npath: /t\nbody: { text: \"hello {{name}}\" }\n",
        ])
        let workspace = try folder.load()
        for name in ["baseURL", "userId", "bucket", "tag", "dir", "note", "leaf", "user", "name"] {
            #expect(workspace.referencesVariable(name, environment: nil), "\(name)")
        }
        #expect(!workspace.referencesVariable("mock", environment: nil))
        #expect(workspace.referencesVariable("mock", environment: "mock"))
        #expect(!workspace.referencesVariable("traceId", environment: nil))
        #expect(!workspace.referencesVariable("HOME", environment: nil))
    }
}
