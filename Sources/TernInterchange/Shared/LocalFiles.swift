import Foundation
import TernWorkspace

/// The local files a source names (`curl -d @body.json`, `-F f=@photo.png`, a Postman `src`), and
/// the one rule every importer follows for them.
///
/// A file inside the workspace is named relative to it (and may be read). A file outside it is
/// never read or copied unless the user asks with `--copy-files` (`ImportSource.copiesFiles`): the
/// spec names it by its absolute path (a body file outside the workspace loads, with a load
/// warning) and a warning names it; data that would have to be read to be inlined is left out,
/// with a warning. Every path named is recorded in `uses`, which the import report lists.
struct LocalFiles {
    /// Where a named path is.
    enum Place: Equatable {
        /// Inside the workspace: the path relative to its root.
        case inside(String)
        /// An existing regular file outside the workspace.
        case outside(URL)
        /// Nothing there (or a folder).
        case missing(URL)
    }

    /// The largest file read to inline its contents (16 MiB).
    static let maximumRead = 16 << 20

    let source: ImportSource
    /// The folder copies go to (`files` or `files/GROUP`).
    let folder: String
    /// Files to copy into the workspace (only with `--copy-files`).
    private(set) var files: [ImportedFile] = []
    /// Every path named, once per path and use.
    private(set) var uses: [LocalFileUse] = []
    private var recorded: Set<String> = []
    private var copies: [URL: String] = [:]
    private var destinations = UniqueNames()

    init(source: ImportSource, folder: String) {
        self.source = source
        self.folder = folder
    }

    /// The absolute location of `path` as the source's tool would open it (relative to the source's directory).
    func absoluteURL(_ path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return source.baseDirectory.appendingPathComponent(path).standardizedFileURL
    }

    /// Where `path` is.
    func place(_ path: String) -> Place {
        let url = absoluteURL(path)
        let root = source.workspaceRoot.standardizedFileURL.path
        let absolute = url.path
        // Inside by its real path too: a link in the workspace to a file outside it is outside.
        if absolute.hasPrefix(root.hasSuffix("/") ? root : root + "/"),
            WorkspaceConfinement.isInside(url, root: source.workspaceRoot)
        {
            return .inside(String(absolute.dropFirst(root.count).drop(while: { $0 == "/" })))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return .missing(url) }
        return .outside(url)
    }

    /// The path a spec's body file (or multipart file part) names for `path`, and a warning when the
    /// user should know: inside the workspace, relative to it; outside, the absolute path (copied to
    /// `folder/NAME` with `--copy-files`); missing, the absolute path with a warning.
    mutating func reference(_ path: String, item: String) -> (path: String, warning: String?) {
        if path.contains("{{") { return (path, nil) }
        switch place(path) {
        case .inside(let relative):
            record(absoluteURL(path), item: item, use: .inWorkspace, as: relative)
            return (relative, nil)
        case .missing(let url):
            record(url, item: item, use: .missing, as: url.path)
            return (url.path, "\(item): the file '\(path)' does not exist; the spec names it as \(url.path)")
        case .outside(let url):
            guard source.copiesFiles else {
                record(url, item: item, use: .referenced, as: url.path)
                return (
                    url.path,
                    "\(item): the file \(url.path) is outside the workspace: the spec names it there and reads it "
                        + "when sent (--copy-files copies it into the workspace)"
                )
            }
            if let copied = copies[url] {
                record(url, item: item, use: .copied, as: copied)
                return (copied, nil)
            }
            let name = url.lastPathComponent
            let destination = destinations.claim("\(folder)/\(name)") { "\(folder)/\($0)-\(name)" }
            copies[url] = destination
            files.append(ImportedFile(source: url, destination: destination))
            record(url, item: item, use: .copied, as: destination)
            return (destination, nil)
        }
    }

    /// The contents of `path` to inline into a spec (`what` says where, for the warning): read when the
    /// file is inside the workspace or `--copy-files` was given; otherwise nil and a warning that
    /// `what` is left out. Missing, unreadable or larger than 16 MiB is nil with a warning too.
    mutating func contents(_ path: String, item: String, what: String) -> (data: Data?, warning: String?) {
        let url = absoluteURL(path)
        let mayRead: Bool
        switch place(path) {
        case .inside: mayRead = true
        case .outside: mayRead = source.copiesFiles
        case .missing:
            record(url, item: item, use: .missing, as: nil)
            return (nil, "\(item): the file '\(path)' does not exist; \(what) is left out")
        }
        guard mayRead else {
            record(url, item: item, use: .notRead, as: nil)
            return (
                nil,
                "\(item): the file \(url.path) is outside the workspace and is not read (--copy-files reads it); "
                    + "\(what) is left out"
            )
        }
        guard let data = Self.read(url) else {
            record(url, item: item, use: .missing, as: nil)
            return (nil, "\(item): the file '\(path)' cannot be read (at most 16 MiB); \(what) is left out")
        }
        record(url, item: item, use: .read, as: nil)
        return (data, nil)
    }

    /// Records a path the source names that the import does not use (a cookie jar, data curl would
    /// not send), so the report still lists it.
    mutating func mention(_ path: String, item: String) {
        guard path != "-", !path.contains("{{") else { return }
        record(absoluteURL(path), item: item, use: .notRead, as: nil)
    }

    /// The bytes of `path` when the rule allows reading it (inside the workspace, or `--copy-files`), else nil.
    /// Nothing is recorded: for a look at a file that is then referenced.
    func peek(_ path: String) -> Data? {
        switch place(path) {
        case .inside: Self.read(absoluteURL(path))
        case .outside(let url) where source.copiesFiles: Self.read(url)
        default: nil
        }
    }

    /// The file's bytes (a regular file of at most 16 MiB), or nil.
    private static func read(_ url: URL) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue, size <= maximumRead
        else { return nil }
        return try? Data(contentsOf: url)
    }

    private mutating func record(_ url: URL, item: String, use: LocalFileUse.Use, as written: String?) {
        let entry = LocalFileUse(path: url.path, item: item, use: use, written: written)
        if recorded.insert(entry.path + "\u{0}" + entry.use.rawValue).inserted { uses.append(entry) }
    }
}
