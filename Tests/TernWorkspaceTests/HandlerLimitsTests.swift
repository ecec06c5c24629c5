import Foundation
import Tern
import Testing

@testable import TernWorkspace

/// `handler.readTimeout`, `maxBodyBytes` and `maxDownloadBytes` in `workspace.yaml`.
@Suite struct HandlerLimitsTests {
    @Test func defaultsAreTheLibrarys() {
        let limits = HandlerSettings().transferLimits()
        #expect(limits == TransferLimits())
    }

    @Test func settingsReachTheTransportLimits() throws {
        let yaml = "handler:\n  readTimeout: 2.5\n  maxBodyBytes: 1000000\n  maxDownloadBytes: 5000000\n"
        let handler = try TemporaryWorkspace(["workspace.yaml": yaml]).load().handler
        let limits = handler.transferLimits()
        #expect(limits.readTimeout == .milliseconds(2500))
        #expect(limits.maximumBodyBytes == 1_000_000)
        #expect(limits.maximumDownloadBytes == 5_000_000)
        #expect(handler.timeout == 30)
    }

    @Test(arguments: [
        "readTimeout: 0", "readTimeout: -1", "maxBodyBytes: 0", "maxDownloadBytes: -5", "maxBodyBytes: 1.5",
    ])
    func badValuesAreRefusedWithTheField(line: String) throws {
        let folder = try TemporaryWorkspace(["workspace.yaml": "handler:\n  \(line)\n"])
        let field = String(line.prefix { $0 != ":" })
        let error = #expect(throws: WorkspaceError.self) { try folder.load() }
        #expect("\(error.map { "\($0)" } ?? "")".contains(field))
    }

    @Test func hugeReadTimeoutIsAClearErrorNotATrap() throws {
        let error = #expect(throws: WorkspaceError.self) {
            try TemporaryWorkspace(["workspace.yaml": "handler:\n  readTimeout: 1e300\n"]).load()
        }
        #expect(error?.description.contains("'readTimeout' must be at most 86400 seconds") == true)
        var settings = HandlerSettings()
        settings.readTimeout = 1e300
        #expect(settings.transferLimits().readTimeout == .seconds(Int64.max), "the library saturates")
    }
}
