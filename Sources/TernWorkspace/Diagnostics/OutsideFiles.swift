public import Foundation
public import Tern

/// Body files (`body: file:` and multipart `file:` parts) that lie outside the workspace folder.
///
/// They are allowed, since a spec may upload `~/Downloads/report.csv`, but never silently: a path
/// written without variables that points outside is a load warning, and `show`, the REPL, the TUI
/// and `--events json` mark the resolved path of every body file outside the folder.
extension Workspace {
    /// Whether `file` lies outside the workspace folder, symbolic links resolved on both sides.
    public func isOutside(_ file: URL) -> Bool {
        !WorkspaceConfinement.isInside(file, root: root)
    }

    /// The files `request` reads that lie outside the workspace folder.
    public func outsideFiles(of request: Request) -> [URL] {
        request.body.files.filter(isOutside)
    }

    /// A warning for each body file path of `spec` that uses no variable and lies outside the folder.
    func outsideFileWarnings(for spec: SpecDefinition, file: URL) -> [WorkspaceDiagnostic] {
        var written: [(path: String, field: String)] = []
        switch spec.body {
        case .file(let path): written.append((path, "body/file"))
        case .multipart(let parts):
            for (index, part) in parts.enumerated() {
                if let path = part.file { written.append((path, "body/multipart/\(index)/file")) }
            }
        default: break
        }
        return written.compactMap { path, field in
            guard !path.contains("{{") else { return nil }
            let url = resolvedBodyFile(path)
            guard isOutside(url) else { return nil }
            return WorkspaceDiagnostic(
                file: file, at: spec.layout[location: field] ?? .start,
                message: "the body file '\(path)' is outside the workspace (\(url.path)); "
                    + "it is read and uploaded when the spec is sent"
            )
        }
    }

    /// A body file path as lowering reads it: absolute, or relative to the workspace root; `..` removed.
    func resolvedBodyFile(_ path: String) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        return url.standardizedFileURL
    }
}

/// The one rule for where a file the workspace names lies: inside the folder or not, judged on real
/// paths (`..` and every symbolic link resolved on both sides), so a link inside the folder that points
/// out of it is outside. JSON Schema `$ref`s and OpenAPI contracts read only files inside; body files
/// may lie outside, but never silently (`Workspace.isOutside`).
package enum WorkspaceConfinement {
    /// Whether `file` is the folder `root` or lies under it, symbolic links resolved.
    package static func isInside(_ file: URL, root: URL) -> Bool {
        let folder = root.standardizedFileURL.resolvingSymlinksInPath().path
        let path = file.standardizedFileURL.resolvingSymlinksInPath().path
        return path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
