import Foundation
import Yams

/// Reads one `environments/<name>.yaml`: plain `name: value` pairs, every scalar kept as written.
enum EnvironmentReader {
    /// The environment in `file`, named after the file.
    static func read(file: URL) throws(WorkspaceError) -> WorkspaceEnvironment {
        let name = file.deletingPathExtension().lastPathComponent
        var environment = WorkspaceEnvironment(name: name, variables: [], file: file)
        guard let root = try YAMLSource.compose(file: file) else { return environment }
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
