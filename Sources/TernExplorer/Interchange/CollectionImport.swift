package import Foundation
package import TernInterchange

/// `import FORMAT SOURCE`: reads a source, checks its format, and plans it into a workspace.
/// The CLI, the REPL and the TUI all come here; the caller applies the plan (or not, for `--dry-run`).
package enum CollectionImport {
    /// The largest source read, in bytes (a GitHub-sized OpenAPI description is about 12 MB).
    package static let sizeLimit = 64 << 20

    /// What to import and where.
    package struct Request: Sendable, Equatable {
        /// The format, or nil to detect it (`auto`).
        package var format: ImportFormat?
        /// A file path, or `-` for standard input.
        package var source: String
        /// The group (`--into`), or nil for a name derived from the source.
        package var group: String?
        /// Whether specs that exist and differ are replaced.
        package var overwrite: Bool
        /// Whether recorded responses (a HAR's) are stored in the cache, for offline replay (`--into-cache`).
        package var intoCache: Bool
        /// Whether files outside the workspace that the source names are read and copied in
        /// (`--copy-files`); without it they are named where they are, never read.
        package var copyFiles: Bool
        /// `--url`: where a `.graphql` file's operations go.
        package var url: String?

        /// Makes a request.
        package init(
            format: ImportFormat?, source: String, group: String? = nil, overwrite: Bool = false,
            intoCache: Bool = false, copyFiles: Bool = false, url: String? = nil
        ) {
            self.url = url
            self.format = format
            self.source = source
            self.group = group
            self.overwrite = overwrite
            self.intoCache = intoCache
            self.copyFiles = copyFiles
        }

        /// Refuses a `--into` that is not one folder name: it names the spec folder, the target and
        /// `environments/GROUP.yaml`, so `..` or a `/` would write outside the workspace.
        package static func checkGroup(_ group: String?) throws(ImportError) {
            guard let group, group.isEmpty || group.contains("/") || group.hasPrefix(".") || group.contains("\0")
            else { return }
            throw ImportError("--into takes one folder name (no '/', not starting with '.'), not '\(group)'")
        }

        /// The format word as a user types it: `auto` or a format's name.
        package static func format(named word: String) -> ImportFormat?? {
            let lowered = word.lowercased()
            if lowered == "auto" { return .some(nil) }
            if lowered == "swagger" { return .some(.openapi) }
            return ImportFormat(rawValue: lowered).map { .some($0) }
        }

        /// The words `import` accepts as a format.
        package static let formatWords = ["auto"] + ImportFormat.allCases.map(\.rawValue)
    }

    /// Reads `request.source` (relative to `directory`) and plans it into the workspace at `root`.
    package static func plan(
        _ request: Request, root: URL, directory: URL,
        standardInput: @Sendable () -> Data = { FileHandle.standardInput.readData(ofLength: sizeLimit + 1) }
    ) throws(ImportError) -> (plan: ImportPlan, collection: ImportedCollection) {
        try Request.checkGroup(request.group)
        let (data, name) = try read(request.source, directory: directory, standardInput: standardInput)
        var source = ImportSource(
            data: data, name: name, baseDirectory: directory, workspaceRoot: root, group: request.group,
            copiesFiles: request.copyFiles)
        let format = try chooseFormat(request.format, for: source)
        source.group = request.group
        if let url = request.url {
            guard format == .graphql else {
                throw ImportError(
                    "--url is where a .graphql file's operations go; \(format.rawValue) sources name their own")
            }
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), parsed.host != nil,
                ["http", "https", "ws", "wss"].contains(scheme)
            else {
                throw ImportError(
                    "--url takes the GraphQL endpoint's absolute address (http://host/graphql), not '\(url)'")
            }
            source.url = url
        }
        let collection: ImportedCollection
        do {
            collection = try format.read(source)
        } catch {
            // A JSON pointer names a place in the document; say which document (`api.yaml#/paths/~1a/get`).
            var located = error
            if let location = error.location, location.hasPrefix("#") { located.location = name + location }
            throw located
        }
        let group = source.groupName(title: collection.title)
        let origin =
            "tern import \(format.rawValue) \(name)" + (request.group.map { " --into \($0)" } ?? "")
            + (request.url.map { " --url \($0)" } ?? "")
            + (request.copyFiles ? " --copy-files" : "")
        let plan = try ImportPlan(collection, root: root, group: group, overwrite: request.overwrite, origin: origin)
        return (plan, collection)
    }

    /// The bytes of `path` (or standard input for `-`), refused above `sizeLimit`.
    static func read(
        _ path: String, directory: URL, standardInput: () -> Data
    ) throws(ImportError) -> (Data, String) {
        if path == "-" {
            let data = standardInput()
            guard data.count <= sizeLimit else { throw tooLarge("<stdin>") }
            return (data, "<stdin>")
        }
        let url = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        // `tern import grpcurl 'grpcurl -plaintext localhost:50051 pkg.Svc/Method'`: the command itself.
        if !exists, isCommandLine(path) {
            guard path.utf8.count <= sizeLimit else { throw tooLarge(commandLineName) }
            return (Data(path.utf8), commandLineName)
        }
        guard exists else {
            throw ImportError("no such file: \(path)")
        }
        guard !isFolder.boolValue else {
            throw ImportError("\(path) is a folder: name a file, or - for stdin (tern import http takes a folder)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= sizeLimit else { throw tooLarge(path) }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
            guard data.count <= sizeLimit else { throw tooLarge(path) }
            return (data, path)
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// The explicit format, checked against what the content looks like; or the detected one.
    static func chooseFormat(_ format: ImportFormat?, for source: ImportSource) throws(ImportError) -> ImportFormat {
        var detection = ImportFormat.detect(String(decoding: source.data.prefix(1 << 20), as: UTF8.self))
        // `.http` / `.rest` files are told by their name: their text is a request line, which no
        // other format starts with.
        let ext = (source.name as NSString).pathExtension.lowercased()
        if ext == "http" || ext == "rest" {
            detection = ImportFormat.Detection(format: .http, description: "a .\(ext) file of HTTP requests")
        }
        if ext == "graphql" || ext == "gql" {
            detection = ImportFormat.Detection(format: .graphql, description: "a .\(ext) file of GraphQL operations")
        }
        guard let format else {
            guard let detection else {
                throw ImportError(
                    "cannot tell what \(source.name) is: name the format "
                        + "(tern import curl|grpcurl|openapi|postman|insomnia|har|http|graphql \(source.name))")
            }
            return detection.format
        }
        if let detection, detection.format != format {
            throw ImportError(
                "this is \(detection.description), not \(format.rawValue): "
                    + "use `tern import \(detection.format.rawValue)`",
                at: source.name)
        }
        return format
    }

    /// The name a command line given as SOURCE has in messages.
    static let commandLineName = "<command line>"

    /// Whether SOURCE is a curl or grpcurl command rather than a file's path (its first word is the program).
    static func isCommandLine(_ source: String) -> Bool {
        let first = source.drop { $0.isWhitespace }.prefix { !$0.isWhitespace }
        return (first == "curl" || first == "grpcurl") && source.contains(where: \.isWhitespace)
    }

    private static func tooLarge(_ name: String) -> ImportError {
        ImportError("\(name) is larger than \(sizeLimit >> 20) MiB, more than Tern reads as one source")
    }
}
