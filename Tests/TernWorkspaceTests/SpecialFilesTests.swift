import Foundation
import Tern
import Testing

@testable import TernWorkspace

#if canImport(Glibc)
    import Glibc
#endif

/// What git can carry into a workspace and must not stop Tern: links that loop, folders too deep to
/// walk, FIFOs where YAML is expected and devices named as bodies. Each is a message, at once.
@Suite(.timeLimit(.minutes(1)))
struct SpecialFilesTests {
    private let context = TemplateContext(processEnvironment: [:])

    @Test("two links to '.' under specs/ are read once, each reported; the specs are listed once")
    func linksToTheSameFolder() throws {
        let folder = try Fixtures.demo()
        try FileManager.default.createSymbolicLink(atPath: folder.url("specs/users/a").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.url("specs/users/b").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: folder.url("specs/users/up").path, withDestinationPath: "..")
        let workspace = try folder.load()
        #expect(workspace.specs.map(\.id) == ["users/get-user"])
        let repeated = workspace.warnings.filter { $0.message.contains("a link to a folder already read") }
        #expect(Set(repeated.map(\.file.lastPathComponent)) == ["a", "b", "up"])
    }

    @Test("a spec deeper than the walk goes is reported, not silently missing")
    func tooDeep() throws {
        let depth = SpecFiles.maximumDepth + 2
        let path = "specs/" + (1...depth).map { "d\($0)" }.joined(separator: "/") + "/deep.yaml"
        let folder = try Fixtures.demo([path: Fixtures.getUser])
        let workspace = try folder.load()
        #expect(!workspace.specs.contains { $0.id.hasSuffix("deep") })
        let warning = try #require(workspace.warnings.first { $0.message.contains("deeper than") })
        #expect(warning.message == "ignored: folders deeper than 32 levels under specs/ are not read")
        #expect(warning.file.path.hasSuffix("/d33"))
    }

    @Test("a FIFO as a spec or workspace.yaml is an error naming it, not a hang")
    func fifos() throws {
        for path in ["specs/users/pipe.yaml", "workspace.yaml"] {
            let folder = try Fixtures.demo()
            try? FileManager.default.removeItem(at: folder.url(path))
            #expect(mkfifo(folder.url(path).path, 0o644) == 0)
            do {
                _ = try folder.load()
                Issue.record("\(path): loading succeeded")
            } catch {
                #expect(error.message.contains("FIFO"), "\(path): \(error.message)")
                #expect(error.file?.lastPathComponent == URL(fileURLWithPath: path).lastPathComponent)
            }
        }
    }

    @Test("a FIFO environment is an error only when chosen, with its real reason; the others work")
    func fifoEnvironment() throws {
        let folder = try Fixtures.demo()
        #expect(mkfifo(folder.url("environments/other.yaml").path, 0o644) == 0)
        let workspace = try folder.load()
        let spec = try workspace.spec(named: "users/get-user")
        #expect(try workspace.request(for: spec, context: context).url.absoluteString.hasSuffix("/users/42"))
        let error = try #require(throws: WorkspaceError.self) {
            try workspace.request(for: spec, context: TemplateContext(environment: "other", processEnvironment: [:]))
        }
        #expect(error.message == "cannot read the file: it is a FIFO (named pipe), not a regular file", "\(error)")
        #expect(error.file?.lastPathComponent == "other.yaml")
        #expect(workspace.unknownEnvironment("other").message == error.message)
        #expect(!workspace.warnings.contains { $0.message.contains("other") })
    }

    @Test("a FIFO as tls.caFile is an error for https requests only, not a hang")
    func fifoCertificateAuthority() throws {
        let folder = try Fixtures.demo(["environments/plain.yaml": "baseURL: http://127.0.0.1:9\nuserId: 1\n"])
        try folder.write("workspace.yaml", Fixtures.manifest + "\ntls:\n  caFile: ca.pem\n")
        #expect(mkfifo(folder.url("ca.pem").path, 0o644) == 0)
        let workspace = try folder.load()
        let spec = try workspace.spec(named: "users/get-user")
        let plain = try workspace.request(
            for: spec, context: TemplateContext(environment: "plain", processEnvironment: [:]))
        #expect(plain.url.absoluteString == "http://127.0.0.1:9/users/1")
        let error = try #require(throws: WorkspaceError.self) { try workspace.request(for: spec, context: context) }
        #expect(error.message.contains("is a FIFO (named pipe), not a regular file"), "\(error)")
        #expect(error.line == 8, "the caFile line: \(error)")
    }

    @Test("a FIFO spec does not stop a send of another spec")
    func fifoSpecLeavesOthers() throws {
        let folder = try Fixtures.demo()
        #expect(mkfifo(folder.url("specs/users/pipe.yaml").path, 0o644) == 0)
        let workspace = try folder.load(specsFor: ["users/get-user"])
        #expect(workspace.specs.map(\.id) == ["users/get-user"])
    }

    @Test("a device or a FIFO named as a body file is refused before anything is read")
    func specialBodies() throws {
        let folder = try Fixtures.demo([
            "specs/zero.yaml": "name: Zero\ntarget: api\nmethod: POST\npath: /upload\nbody: {file: /dev/zero}\n",
            "specs/form.yaml":
                "name: Form\ntarget: api\nmethod: POST\npath: /upload\nbody:\n  multipart:\n"
                + "    - {name: doc, file: /dev/urandom}\n",
            "specs/pipe.yaml": "name: Pipe\ntarget: api\nmethod: POST\npath: /upload\nbody: {file: files/pipe}\n",
        ])
        try FileManager.default.createDirectory(at: folder.url("files"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.url("files/pipe").path, 0o644) == 0)
        let workspace = try folder.load()
        for (name, kind) in [("zero", "a device"), ("form", "a device"), ("pipe", "a FIFO (named pipe)")] {
            do {
                _ = try workspace.request(for: workspace.spec(named: name), context: context)
                Issue.record("\(name): lowered")
            } catch {
                #expect(error.message.contains("is \(kind), not a regular file"), "\(name): \(error.message)")
            }
        }
    }
}
