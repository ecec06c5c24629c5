import Foundation
import Yams

/// A 1-based line and column in a YAML file, taken from a node's `Mark`.
struct SourceLocation: Sendable, Hashable {
    var line: Int
    var column: Int

    /// The start of a file, for problems that have no better position.
    static let start = SourceLocation(line: 1, column: 1)

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ mark: Mark?) {
        self.init(line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    init(_ node: Node) {
        self.init(node.mark)
    }

    /// `path:line:column: ` with as many parts as are known; the path is relative to the
    /// current directory when the file is under it.
    static func prefix(file: URL, line: Int?, column: Int?) -> String {
        var text = displayPath(file)
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text + ": "
    }

    /// The file's path relative to the current directory when it is under it, else absolute.
    static func displayPath(_ file: URL) -> String {
        let path = file.standardizedFileURL.path
        var current = FileManager.default.currentDirectoryPath
        if !current.hasSuffix("/") { current += "/" }
        if path.hasPrefix(current), path.count > current.count {
            return String(path.dropFirst(current.count))
        }
        return path
    }
}
