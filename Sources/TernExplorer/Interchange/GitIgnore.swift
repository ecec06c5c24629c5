import Foundation
import Tern

/// A line added to a `.gitignore`, so a file of secrets written beside it stays out of git.
enum GitIgnore {
    /// Adds `name` to the `.gitignore` at `path` (made when missing; kept as it is when it already
    /// names it); returns a line saying so, or nothing when there was nothing to add.
    static func add(_ name: String, in path: String) throws(ExplorerError) -> String {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        var text = ""
        if FileManager.default.fileExists(atPath: url.path) {
            guard let data = try? Data(contentsOf: url) else {
                return "\nwarning: \(path) cannot be read: add \(name) to it yourself, it holds secrets"
            }
            text = String(decoding: data, as: UTF8.self)
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
            if lines.contains(name) || lines.contains("/" + name) { return "" }
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        }
        text += name + "\n"
        try ExportFile.write(Data(text.utf8), to: url, replacing: true)
        return "\nadded \(name) to \(path), so git leaves the secrets out"
    }
}
