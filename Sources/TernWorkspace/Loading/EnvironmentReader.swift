import Foundation
import Yams

/// Reads one `environments/<name>.yaml`: plain `name: value` pairs, every scalar kept as written.
enum EnvironmentReader {
    /// The environment in `file`, named after the file.
    static func read(file: URL) throws(WorkspaceError) -> WorkspaceEnvironment {
        try read(text: YAMLSource.read(file), file: file)
    }

    /// The environment `text` declares, as the contents of `file`.
    static func read(text: String, file: URL) throws(WorkspaceError) -> WorkspaceEnvironment {
        let name = file.deletingPathExtension().lastPathComponent
        var environment = WorkspaceEnvironment(name: name, variables: [], file: file)
        guard let root = try YAMLSource.compose(text: text, file: file) else { return environment }
        let reader = NodeReader(file: file)
        var locations: [String: SourceLocation] = [:]
        try reader.forEachEntry(root, of: "an environment file") { key, _, value in
            locations[key] = SourceLocation(value)
        }
        environment.variables = try reader.stringPairs(root, field: name)
        environment.locations = locations
        return environment
    }
}
