import Foundation
import Tern

/// Entry points for fuzzers (`Fuzz/`, `tern-fuzz`): hostile text straight into the readers, the
/// template renderer and lowering, with no files involved. Every error is an expected outcome;
/// a crash, a hang or runaway memory is the bug a fuzzer looks for.
@_spi(Fuzzing) public enum WorkspaceFuzzing {
    /// What one input was fed to.
    public enum Target: UInt8, CaseIterable, Sendable {
        /// A spec file, then lowered into a request against a fixed workspace.
        case spec
        /// `workspace.yaml`.
        case manifest
        /// An environment file, then every variable rendered into a request.
        case environment
        /// A template string, rendered as a spec's path, header value and query value.
        case template
    }

    /// The workspace inputs are read against (nothing of it exists on disk).
    static let root = URL(fileURLWithPath: "/nonexistent/tern-fuzz", isDirectory: true)

    /// Feeds `bytes` to a target: the first byte chooses it, the rest is the text. Returns
    /// whether the input was accepted (`false`: it was rejected with a `WorkspaceError`).
    @discardableResult
    public static func run(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        let target = Target.allCases[Int(first) % Target.allCases.count]
        return run(target, text: String(decoding: bytes.dropFirst(), as: UTF8.self))
    }

    /// Feeds `text` to `target`; `true` when it was accepted.
    @discardableResult
    public static func run(_ target: Target, text: String) -> Bool {
        do {
            switch target {
            case .spec: try spec(text)
            case .manifest: try manifest(text)
            case .environment: try environment(text)
            case .template: try template(text)
            }
            return true
        } catch {
            _ = error.description  // the message is built for every error, as the CLI would
            return false
        }
    }

    private static func spec(_ text: String) throws(WorkspaceError) {
        let file = root.appendingPathComponent("specs/fuzz.yaml")
        var reader = SpecReader(file: file)
        let spec = try reader.read(text: text, defaultName: "fuzz")
        try lower(SpecEntry(id: "fuzz", file: file, group: [], spec: spec), environment: fixedEnvironment)
    }

    private static func manifest(_ text: String) throws(WorkspaceError) {
        var reader = ManifestReader(file: root.appendingPathComponent("workspace.yaml"))
        let manifest = try reader.read(text: text, folderName: "fuzz")
        _ = manifest.handler.retryPolicy()
    }

    private static func environment(_ text: String) throws(WorkspaceError) {
        let file = root.appendingPathComponent("environments/local.yaml")
        let environment = try EnvironmentReader.read(text: text, file: file)
        let references = environment.variables.prefix(64).map { "{{\($0.name)}}" }.joined(separator: "/")
        let spec = SpecDefinition(name: "fuzz", method: "GET", path: "/" + references)
        try lower(
            SpecEntry(id: "fuzz", file: root.appendingPathComponent("specs/fuzz.yaml"), group: [], spec: spec),
            environment: environment)
    }

    private static func template(_ text: String) throws(WorkspaceError) {
        var spec = SpecDefinition(name: "fuzz", method: "GET", path: "/x/" + text)
        spec.headers = [("X-Fuzz", text)]
        spec.query = [(text, .string(text)), ("q", .array([.string(text), .object(["k": .string(text)])]))]
        try lower(
            SpecEntry(id: "fuzz", file: root.appendingPathComponent("specs/fuzz.yaml"), group: [], spec: spec),
            environment: fixedEnvironment)
    }

    private static var fixedEnvironment: WorkspaceEnvironment {
        WorkspaceEnvironment(
            name: "local",
            variables: [("baseURL", "http://127.0.0.1:9/api"), ("userId", "{{userId}}{{userId}}"), ("id", "42")],
            file: root.appendingPathComponent("environments/local.yaml")
        )
    }

    private static func lower(_ entry: SpecEntry, environment: WorkspaceEnvironment) throws(WorkspaceError) {
        let workspace = Workspace(
            root: root, name: "fuzz", defaultEnvironment: "local",
            targets: ["api": WorkspaceTarget(name: "api", baseURL: "{{baseURL}}", headers: [("Accept", "{{id}}")])],
            specs: [entry], environments: ["local": environment]
        )
        let context = TemplateContext(overrides: ["token": "t"], processEnvironment: ["HOME": "/home/fuzz"])
        let request = try workspace.request(for: entry, context: context)
        _ = request.url.absoluteString
    }
}
