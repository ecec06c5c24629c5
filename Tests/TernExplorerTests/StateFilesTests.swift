import Foundation
import Tern
import Testing

@testable import TernExplorer

/// `.tern/captures.json`, `cookies.json` and `oauth-tokens.json`: a file that cannot be read is kept as
/// it is, and a write that would make one larger than Tern reads back is refused, keeping the file.
@Suite("State files: nothing lost")
struct StateFilesTests {
    @Test("a captures.json over the limit, or damaged, is never replaced; saving says why")
    func unreadCapturesAreKept() throws {
        try withFolder { folder in
            let tern = folder.url.appendingPathComponent(".tern")
            try FileManager.default.createDirectory(at: tern, withIntermediateDirectories: true)
            let file = tern.appendingPathComponent("captures.json")
            for contents in [
                Data(repeating: UInt8(ascii: " "), count: CaptureStore.maximumFileSize + 1), Data("{\"x\": [".utf8),
            ] {
                try contents.write(to: file)
                var store = CaptureStore.load(from: tern)
                #expect(store.unread != nil)
                store.record(["token": "t"], from: "auth/login", status: 200, at: Date(), environment: "local")
                let failure = #expect(throws: FileFailure.self) { try store.save(to: tern) }
                #expect(failure?.description.contains("was not read") == true, "\(String(describing: failure))")
                #expect(failure?.description.contains("move it aside") == true)
                #expect(try Data(contentsOf: file) == contents)
            }
        }
    }

    @Test("a capture that would make captures.json larger than the limit is refused; the file keeps the rest")
    func oversizedCaptureIsRefused() throws {
        try withFolder { folder in
            let tern = folder.url.appendingPathComponent(".tern")
            var store = CaptureStore()
            store.record(["token": "t-1"], from: "auth/login", status: 200, at: Date(), environment: "local")
            try store.save(to: tern)
            let before = try Data(contentsOf: tern.appendingPathComponent("captures.json"))
            let huge = String(repeating: "x", count: CaptureStore.maximumFileSize)
            store.record(["page": huge], from: "big", status: 200, at: Date(), environment: "local")
            let failure = #expect(throws: FileFailure.self) { try store.save(to: tern) }
            #expect(failure?.message.contains("over the limit of 4194304") == true, "\(String(describing: failure))")
            #expect(try Data(contentsOf: tern.appendingPathComponent("captures.json")) == before)
            #expect(CaptureStore.load(from: tern).partition("local").values["token"]?.value == "t-1")
        }
    }

    @Test("a damaged cookies.json is kept: a changed jar is not written over it")
    func damagedCookiesAreKept() throws {
        try withFolder { folder in
            let tern = folder.url.appendingPathComponent(".tern")
            try FileManager.default.createDirectory(at: tern, withIntermediateDirectories: true)
            let file = tern.appendingPathComponent(WorkspaceCookies.fileName)
            try Data("not json".utf8).write(to: file)
            let cookies = WorkspaceCookies(folder: tern)
            let url = try #require(URL(string: "http://127.0.0.1/"))
            _ = cookies.jar("local").store(setCookieFields: ["a=b"], for: url, at: Date())
            let failure = #expect(throws: FileFailure.self) { try cookies.saveIfChanged() }
            #expect(failure?.description.contains("it is not the JSON Tern writes") == true)
            #expect(try String(contentsOf: file, encoding: .utf8) == "not json")
        }
    }

    @Test("a file failure reads as a sentence, not as a structure")
    func failureDescription() {
        let failure = FileFailure("/x/y", "it is not a regular file")
        #expect("\(failure)" == "'/x/y': it is not a regular file")
    }
}
