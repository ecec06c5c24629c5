package import Foundation
package import TernWorkspace

/// What an importer read from one source, before anything touches a workspace.
///
/// Importers are pure: bytes in, an `ImportedCollection` out. `ImportPlan` compares it with a
/// workspace (created / updated / unchanged / skipped) and `ImportPlan.apply()` writes it.
/// Nothing is dropped silently: whatever a source holds that a spec cannot represent is in
/// `skipped` (a whole item) or `warnings` (a detail of an item that was kept).
package struct ImportedCollection: Sendable {
    /// The format the source was read as.
    package var format: ImportFormat
    /// The collection's or API's title (or the curl host): the default group name.
    package var title: String
    /// The requests, in source order.
    package var specs: [ImportedSpec]
    /// Targets the specs name (`target:`), added to `workspace.yaml` when missing.
    package var targets: [WorkspaceTarget]
    /// Variables for `environments/<name>.yaml` (collection variables, server defaults, path examples).
    package var environments: [ImportedEnvironment]
    /// Files a spec refers to that must be copied into the workspace (`curl -d @file`, HAR uploads).
    package var files: [ImportedFile]
    /// Items that were not imported, with the reason.
    package var skipped: [SkippedItem]
    /// Details that were not carried over (an unknown curl flag, a script, an auth scheme).
    package var warnings: [String]
    /// Every local file the source names, and what the import does with it.
    package var localFiles: [LocalFileUse]
    /// The secrets the specs read as `{{secret:NAME}}`: values the source held (kept in the
    /// workspace's secret store) and names it only declares (`value` nil: the user sets them).
    package var secrets: [ImportedSecret] = []

    /// Makes a collection.
    package init(
        format: ImportFormat,
        title: String,
        specs: [ImportedSpec] = [],
        targets: [WorkspaceTarget] = [],
        environments: [ImportedEnvironment] = [],
        files: [ImportedFile] = [],
        skipped: [SkippedItem] = [],
        warnings: [String] = [],
        localFiles: [LocalFileUse] = [],
        secrets: [ImportedSecret] = []
    ) {
        self.format = format
        self.title = title
        self.specs = specs
        self.targets = targets
        self.environments = environments
        self.files = files
        self.skipped = skipped
        self.warnings = warnings
        self.localFiles = localFiles
        self.secrets = secrets
    }
}

/// One imported request: where it goes under the group and its definition.
package struct ImportedSpec: Sendable {
    /// Folders under the group (`["users"]` for a Postman folder or an OpenAPI tag), already readable names.
    package var folders: [String]
    /// The file name without `.yaml` wanted for the spec (`get-user`); `ImportPlan` makes it a slug and unique.
    package var fileName: String
    /// The definition to write.
    package var spec: SpecDefinition
    /// A recorded answer (HAR), stored in the cache by `--into-cache`.
    package var recorded: RecordedResponse?
    /// The key other imported specs name in `requires` (unique in the collection).
    package var key: String?
    /// The keys of imported specs this one requires: `ImportPlan` writes their ids as `requires:`.
    package var requires: [String] = []

    /// Makes an imported spec.
    package init(folders: [String] = [], fileName: String, spec: SpecDefinition, recorded: RecordedResponse? = nil) {
        self.folders = folders
        self.fileName = fileName
        self.spec = spec
        self.recorded = recorded
    }
}

/// A response a source recorded (a HAR entry's), kept so the import replays offline.
package struct RecordedResponse: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// The headers, in order.
    package var headers: [HTTPFieldPair]
    /// The decoded body.
    package var body: Data
    /// When it was recorded.
    package var date: Date?

    /// Makes a recorded response.
    package init(status: Int, headers: [HTTPFieldPair] = [], body: Data = Data(), date: Date? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.date = date
    }
}

/// A header as a name and a value (tuples are not `Equatable`).
package struct HTTPFieldPair: Sendable, Equatable {
    /// The field name as written.
    package var name: String
    /// The value.
    package var value: String

    /// Makes a pair.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Variables one environment file gains from an import.
package struct ImportedEnvironment: Sendable, Equatable {
    /// The environment's name (`environments/<name>.yaml`).
    package var name: String
    /// The variables in source order; an existing variable of the same name keeps the user's value.
    package var variables: [HTTPFieldPair]

    /// Makes an environment.
    package init(name: String, variables: [HTTPFieldPair]) {
        self.name = name
        self.variables = variables
    }
}

/// A file to copy into the workspace so a spec can find it.
package struct ImportedFile: Sendable, Equatable {
    /// Where the file is now.
    package var source: URL
    /// The path relative to the workspace root that the spec names (`files/avatar.png`).
    package var destination: String
    /// The file's bytes when the importer holds them (the description being imported), else `nil`: read `source`.
    package var contents: Data?
    /// Whether a different file already at `destination` is replaced (the description kept for contract
    /// checks, imported again) instead of kept.
    package var replacesChanged = false

    /// Makes a file copy.
    package init(source: URL, destination: String) {
        self.source = source
        self.destination = destination
    }

    /// Makes a file the importer holds the bytes of; a changed one at `destination` is replaced.
    package init(contents: Data, destination: String, source: URL) {
        self.source = source
        self.destination = destination
        self.contents = contents
        self.replacesChanged = true
    }
}

/// An item of the source that was not imported.
package struct SkippedItem: Sendable, Equatable, Codable {
    /// The item's name as the source shows it (`GET /users`, the Postman request's name, a spec id).
    package var item: String
    /// Why (a script, gRPC, a static asset, an existing spec that differs).
    package var reason: String

    /// Makes a skipped item.
    package init(item: String, reason: String) {
        self.item = item
        self.reason = reason
    }
}

/// A local file a source names, and what the import does with it (listed in the report).
package struct LocalFileUse: Sendable, Equatable, Codable {
    /// What the import does with a file.
    package enum Use: String, Sendable, Codable {
        /// Inside the workspace: the spec names it relative to the root.
        case inWorkspace = "in the workspace"
        /// Outside the workspace: the spec names it by its absolute path; it is not read now.
        case referenced = "named where it is, not copied"
        /// Outside the workspace, copied into it (`--copy-files`).
        case copied
        /// Read to inline its contents into the spec (inside the workspace, or `--copy-files`).
        case read = "read into the spec"
        /// Outside the workspace and not read (without `--copy-files`): what it holds is left out.
        case notRead = "not read, left out"
        /// Not found, or not readable.
        case missing = "not found"
    }

    /// The absolute path.
    package var path: String
    /// The first item that names it.
    package var item: String
    /// What the import does with it.
    package var use: Use
    /// What the spec names (`files/body.json`, the absolute path), when it names the file.
    package var written: String?

    /// Makes a use.
    package init(path: String, item: String, use: Use, written: String? = nil) {
        self.path = path
        self.item = item
        self.use = use
        self.written = written
    }

    /// `/abs/x: copied to files/x (POST /upload)`, for the report.
    package var line: String {
        let detail =
            switch use {
            case .copied: "copied to \(written ?? "?")"
            case .inWorkspace: "in the workspace, named \(written ?? path)"
            default: use.rawValue
            }
        return "\(path): \(detail) (\(item))"
    }
}

/// A credential an import moved out of the specs: `{{secret:name}}` stands for it.
package struct ImportedSecret: Sendable, Equatable {
    /// The secret's name in the store.
    package var name: String
    /// The value the source held; `nil` when it only declares the credential (an OpenAPI security scheme).
    package var value: String?
    /// The first item that uses it.
    package var item: String

    /// Makes a secret.
    package init(name: String, value: String?, item: String) {
        self.name = name
        self.value = value
        self.item = item
    }
}
