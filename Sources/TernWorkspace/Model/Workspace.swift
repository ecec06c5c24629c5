public import Foundation

/// A workspace: a folder of YAML files under version control that the explorer works on.
///
/// ```
/// workspace.yaml             name, targets, handler settings, default environment
/// specs/<group>/<spec>.yaml  one request per file; folders are groups
/// environments/<env>.yaml    variables for one environment
/// .tern/                     local state, ignored here
/// ```
///
/// Load one with `Workspace.load(from:)`, find specs with `spec(named:)`, turn one into a
/// `Request` with `request(for:context:)` and write one back with `save(_:)`.
/// The full format is in `docs/workspace-format.md`.
public struct Workspace: Sendable {
    /// The workspace folder.
    public let root: URL
    /// The display name (`name:`; defaults to the folder name).
    public var name: String
    /// The environment used when none is chosen (`defaultEnvironment:`).
    public var defaultEnvironment: String?
    /// Targets by name.
    public var targets: [String: WorkspaceTarget]
    /// The target of specs that name none when there are several (`defaultTarget:`).
    public var defaultTarget: String?
    /// Handler settings (`handler:`).
    public var handler: HandlerSettings
    /// Every spec, sorted by id.
    public var specs: [SpecEntry]
    /// Environments by name.
    public var environments: [String: WorkspaceEnvironment]
    /// Environment files that could not be read (a FIFO, a device, no permission), with why: choosing
    /// one is that error (`unknownEnvironment`), the other environments work.
    public var unreadableEnvironments: [String: WorkspaceError] = [:]
    /// Things the loader ignored but the user probably meant (unknown fields, stray files).
    public var warnings: [WorkspaceDiagnostic]
    /// JSON paths `tern verify` ignores for every spec (`verify: {ignore: [...]}` in workspace.yaml).
    public var verifyIgnore: [String] = []
    /// `tls:` for every target that has none of its own.
    public var tls: TLSDefinition? = nil
    /// `proxy:` for every target that has none of its own; `nil` follows `HTTP_PROXY`/`HTTPS_PROXY`/`NO_PROXY`.
    public var proxy: ProxyDefinition? = nil
    /// The run order of folders' specs (`order: {FOLDER: [FILE, ...]}`), the order `tern run` sends them in.
    public var order = RunOrder()
    /// Where `proxy:` values were written (`proxy`, `targets/<name>/proxy`), for error positions.
    var proxyLocations: [String: SourceLocation] = [:]
    /// Spec files that could not be read, sorted by id (only with `load(from:keepingBrokenSpecs: true)`).
    public var brokenSpecs: [BrokenSpec] = []
    /// Whether only some spec files were read (`load(from:keepingBrokenSpecs:specsFor:)`): `specs` then
    /// holds the named specs and those related to them, not every spec.
    public internal(set) var isPartial = false

    /// Makes a workspace in memory (loading and tests; nothing is written).
    public init(
        root: URL,
        name: String,
        defaultEnvironment: String? = nil,
        targets: [String: WorkspaceTarget] = [:],
        handler: HandlerSettings = HandlerSettings(),
        specs: [SpecEntry] = [],
        environments: [String: WorkspaceEnvironment] = [:],
        warnings: [WorkspaceDiagnostic] = []
    ) {
        self.root = root
        manifestFile = root.appendingPathComponent("workspace.yaml")
        self.name = name
        self.defaultEnvironment = defaultEnvironment
        self.targets = targets
        self.handler = handler
        self.specs = specs
        self.environments = environments
        self.warnings = warnings
    }

    /// The ids of every spec, sorted.
    public var specIDs: [String] { specs.map(\.id) }

    /// `workspace.yaml`, made once: lowering a request names it with every header it renders (for the
    /// errors' sake), and building a `URL` path costs more than the rest of that work.
    public let manifestFile: URL

    /// The `specs/` folder.
    public var specsFolder: URL { root.appendingPathComponent("specs", isDirectory: true) }

    /// The `environments/` folder.
    public var environmentsFolder: URL { root.appendingPathComponent("environments", isDirectory: true) }

    /// A new entry for `spec` under `id` (`users/get-user`), ready for `save(_:)`.
    public func makeEntry(id: String, spec: SpecDefinition) throws(WorkspaceError) -> SpecEntry {
        let components = try Self.validatedComponents(of: id)
        return SpecEntry(id: id, file: specFile(for: components), group: Array(components.dropLast()), spec: spec)
    }

    /// `specs/<id>.yaml` for id components.
    func specFile(for components: [String]) -> URL {
        var url = specsFolder
        for component in components.dropLast() {
            url.appendPathComponent(component, isDirectory: true)
        }
        return url.appendingPathComponent((components.last ?? "") + ".yaml")
    }

    /// The components of a spec id, or an error when it cannot name a file under `specs/`.
    static func validatedComponents(of id: String) throws(WorkspaceError) -> [String] {
        let components = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let valid = !components.isEmpty && components.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") }
        guard valid else {
            throw WorkspaceError(
                .invalidValue,
                "'\(id)' is not a valid spec id: use names separated by '/', none empty or starting with '.'"
            )
        }
        guard components.count - 1 <= WorkspaceLimits.maximumFolderDepth else {
            throw WorkspaceError(
                .invalidValue,
                "'\(id)' is in \(components.count - 1) folders, more than the "
                    + "\(WorkspaceLimits.maximumFolderDepth) the workspace loads specs from")
        }
        return components
    }
}
