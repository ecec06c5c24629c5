import Foundation
import TernInterchange
import TernTesting
import TernWorkspace
import Testing

@testable import Tern
@testable import TernExplorer

/// Validates HAR documents against the published HAR 1.2 JSON schema (ahmadnassri/har-schema, in
/// Fixtures/har-schema) with Debian's python3-jsonschema. A missing validator fails the test.
enum HARSchema {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/har-schema")

    static let script = """
        import json, pathlib, sys
        from jsonschema import Draft6Validator, FormatChecker, RefResolver
        store = {}
        for path in pathlib.Path(sys.argv[1]).glob('*.json'):
            schema = json.loads(path.read_text())
            store[schema['$id'].rstrip('#')] = schema
        root = store['har.json']
        resolver = RefResolver(base_uri='har.json', referrer=root, store=store)
        validator = Draft6Validator(root, resolver=resolver, format_checker=FormatChecker())
        errors = list(validator.iter_errors(json.load(sys.stdin)))
        for error in errors[:20]:
            print('/'.join(str(p) for p in error.absolute_path) + ': ' + error.message)
        sys.exit(1 if errors else 0)
        """

    /// The schema violations of `document` (empty when it is valid); throws when the validator cannot run.
    static func violations(_ document: Data) async throws -> String {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ValidatorMissing(reason: "/usr/bin/python3 is missing: apt-get install python3-jsonschema")
        }
        let result = try await ExternalCommand.run(python, ["-c", script, folder.path], input: document)
        if result.output.contains("No module named 'jsonschema'") {
            throw ValidatorMissing(reason: "python3-jsonschema is not installed: apt-get install python3-jsonschema")
        }
        return result.status == 0 ? "" : result.output.isEmpty ? "exit \(result.status)" : result.output
    }

    struct ValidatorMissing: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}

@Suite("export har")
struct HARExportTests {
    @Test("The validator rejects a document missing required fields (so a pass means something)")
    func validatorBites() async throws {
        #expect(
            try await HARSchema.violations(Data(#"{"log": {"entries": []}}"#.utf8)).contains("'version' is a required"))
    }

    @Test("History and cache exports are valid HAR 1.2 with bodies from the cache and no secret in clear")
    func validExports() async throws {
        try await withFolder { folder in
            let workspace = try RecordingWorkspace.make(in: folder)
            let items = try workspace.importHAR(HARRecordedTests.recording)
            let session = try workspace.session(environment: ["AUTHORIZATION": "s3cret-token"])
            _ = try await session.storeRecorded(items)
            let users = try await session.send("rec/get-users")
            #expect(users.statusCode == 200)
            _ = try await session.send("rec/post-users")
            await #expect(throws: ExplorerError.self) { try await session.send("rec/get-missing") }

            let (history, historyWarnings) = try await session.exportHARDocument(names: [], from: .history)
            #expect(historyWarnings.isEmpty)
            #expect(history.log.entries.map(\.request.method) == ["GET", "POST", "GET"])
            #expect(history.log.entries.map(\.response.status) == [200, 201, 0])
            #expect(history.log.entries[0].response.content.bytes() == Data(#"{"users": []}"#.utf8))
            #expect(history.log.entries[2].response.error?.isEmpty == false)
            #expect(history.log.entries[0].tern?.spec == "rec/get-users")
            let historyData = try ExportFile.encode(history)
            #expect(try await HARSchema.violations(historyData) == "")
            #expect(!String(decoding: historyData, as: UTF8.self).contains("s3cret-token"))

            let (cache, _) = try await session.exportHARDocument(names: ["rec/post-users"], from: .cache)
            #expect(cache.log.entries.count == 1)
            #expect(cache.log.entries.first?.response.content.text == #"{"id": 7}"#)
            #expect(try await HARSchema.violations(try ExportFile.encode(cache)) == "")

            let (group, _) = try await session.exportHARDocument(names: ["rec"], from: .history)
            #expect(group.log.entries.count == 3)
            await #expect(throws: ExplorerError.self) {
                _ = try await session.exportHARDocument(names: ["nope"], from: .history)
            }
        }
    }

    @Test("A binary stored body is exported in base64 and the document stays valid")
    func binaryBody() async throws {
        try await withFolder { folder in
            let workspace = try RecordingWorkspace.make(in: folder)
            let recording = #"""
                {"log": {"entries": [{"startedDateTime": "2024-05-01T10:00:00Z",
                  "request": {"method": "GET", "url": "https://cdn.example.com/blob/7"},
                  "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/x-thing"}],
                    "content": {"size": 4, "mimeType": "application/x-thing", "text": "AAH+/w==",
                                "encoding": "base64"}}}]}}
                """#
            let items = try workspace.importHAR(Data(recording.utf8))
            let session = try workspace.session(environment: [:])
            #expect(try await session.storeRecorded(items).stored == 1)
            let (document, _) = try await session.exportHARDocument(names: [], from: .cache)
            let content = try #require(document.log.entries.first?.response.content)
            #expect(content.encoding == "base64")
            #expect(content.bytes() == Data([0x00, 0x01, 0xFE, 0xFF]))
            #expect(try await HARSchema.violations(try ExportFile.encode(document)) == "")
        }
    }
}
