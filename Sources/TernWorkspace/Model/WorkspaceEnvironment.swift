public import Foundation

/// One file of `environments/`: variables for `{{name}}` templating.
public struct WorkspaceEnvironment: Sendable, Equatable {
    /// The file name without `.yaml` (`local`).
    public var name: String
    /// The variables in file order; every YAML scalar is kept as the text that was written.
    public var variables: [(name: String, value: String)]
    /// The environment file.
    public var file: URL

    /// Where each value is, for error positions.
    var locations: [String: SourceLocation] = [:]

    /// Makes an environment.
    public init(name: String, variables: [(name: String, value: String)], file: URL) {
        self.name = name
        self.variables = variables
        self.file = file
    }

    /// The value of `name`, when the environment defines it.
    public func value(of name: String) -> String? {
        variables.last(where: { $0.name == name })?.value
    }

    /// Whether name, file and variables (in order) are equal.
    public static func == (lhs: WorkspaceEnvironment, rhs: WorkspaceEnvironment) -> Bool {
        lhs.name == rhs.name && Pairs.equal(lhs.variables, rhs.variables) && lhs.file == rhs.file
    }
}
