public import Foundation
public import SwiftProtobuf
import Tern

/// Reads descriptors from files: a descriptor set (`.protoset`, from `protoc --descriptor_set_out` or
/// `buf build`), or `.proto` files compiled by `protoc`.
///
/// `.proto` files go through Debian's `protoc` (the `protobuf-compiler` package `make deps` installs):
/// the full compiler, with its checks and messages, and the well-known types' files it ships. Before it
/// runs, every `import` is looked for on the import paths, so one that is missing is named with the
/// file that wrote it and every path tried.
public enum DescriptorFiles {
    /// The largest descriptor set read (bytes).
    public static let maximumBytes = 64 << 20
    /// How long `protoc` may take.
    public static let compileTimeout: TimeInterval = 60

    /// Why no descriptors could be read, in a sentence naming the file.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The files of the descriptor set in `file`.
    public static func protoset(_ file: URL) throws(Failure) -> [Google_Protobuf_FileDescriptorProto] {
        let bytes: Data
        do {
            bytes = try RegularFile.contents(of: file, limit: maximumBytes)
        } catch {
            throw Failure(description: "\(file.path): cannot be read: \(error)")
        }
        do {
            let set = try Google_Protobuf_FileDescriptorSet(serializedBytes: bytes)
            guard !set.file.isEmpty else {
                throw Failure(description: "\(file.path): holds no file descriptors (is it a descriptor set?)")
            }
            return set.file
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(
                description: "\(file.path): is not a descriptor set (protoc --descriptor_set_out writes one)")
        }
    }

    /// The files of `protos` and all they import, compiled by `protoc` with `importPaths` (each proto's
    /// folder when none is given). `protoc` names the compiler to run (a path, or a name on `PATH`).
    public static func compile(
        _ protos: [URL], importPaths: [URL], protoc: String = "protoc",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Failure) -> [Google_Protobuf_FileDescriptorProto] {
        guard !protos.isEmpty else { throw Failure(description: "no .proto file was given") }
        let paths = importPaths.isEmpty ? unique(protos.map { $0.deletingLastPathComponent() }) : importPaths
        // protoc names its inputs relative to an import path.
        var names: [String] = []
        for proto in protos {
            guard RegularFile.exists(proto.path) else {
                throw Failure(description: "\(proto.path): no such .proto file")
            }
            guard let name = relative(proto, to: paths) else {
                let tried = paths.map(\.path).joined(separator: ", ")
                throw Failure(description: "\(proto.path) is not inside an import path (-I: \(tried))")
            }
            names.append(name)
        }
        try checkImports(of: protos, paths: paths)
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("tern-protoset-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = ["protoc", "--include_imports", "--descriptor_set_out=\(output.path)"]
        arguments += paths.map { "--proto_path=\($0.path)" }
        arguments += names
        let process = BoundedProcess(
            executable: protoc, arguments: arguments, environment: environment, timeout: compileTimeout,
            maximumOutput: 64 * 1024)
        switch process.run() {
        case .notStarted(let reason):
            throw Failure(
                description: "\(reason): .proto files are compiled by protoc (Debian's protobuf-compiler; "
                    + "make deps installs it), or give a descriptor set with --protoset")
        case .timedOut:
            throw Failure(description: "protoc did not finish within \(Int(compileTimeout)) s, so it was stopped")
        case .tooMuchOutput:
            throw Failure(description: "protoc printed too much, so it was stopped")
        case .exited(let status, _, let errors):
            guard status == 0 else {
                let said = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw Failure(description: said.isEmpty ? "protoc failed with exit status \(status)" : said)
            }
        }
        return try protoset(output)
    }

    /// Fails naming the first `import` of `protos` (and of what they import) that no import path holds.
    static func checkImports(of protos: [URL], paths: [URL]) throws(Failure) {
        var seen = Set<String>()
        var queue = protos
        while let file = queue.popLast(), seen.count < 10_000 {
            guard seen.insert(file.standardizedFileURL.path).inserted else { continue }
            guard let text = try? RegularFile.contents(of: file, limit: 16 << 20) else { continue }
            for (line, written) in imports(in: String(decoding: text, as: UTF8.self)) {
                // protoc ships the well-known types (google/protobuf/*.proto) itself.
                if written.hasPrefix("google/protobuf/") { continue }
                let candidates = paths.map { $0.appendingPathComponent(written) }
                guard let found = candidates.first(where: { RegularFile.exists($0.path) }) else {
                    let tried = candidates.map(\.path).joined(separator: ", ")
                    throw Failure(
                        description: "\(file.path):\(line): import \"\(written)\" was not found; tried \(tried) "
                            + "(add the folder that holds it with -I DIR, or the target's grpc: importPaths)")
                }
                queue.append(found)
            }
        }
    }

    /// The `import "…";` statements of a .proto file's text, with their line numbers.
    static func imports(in text: String) -> [(line: Int, path: String)] {
        var found: [(Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line.drop(while: { $0 == " " || $0 == "\t" })
            guard rest.hasPrefix("import") else { continue }
            rest = rest.dropFirst("import".count).drop(while: { $0 == " " || $0 == "\t" })
            for modifier in ["public", "weak"] where rest.hasPrefix(modifier + " ") {
                rest = rest.dropFirst(modifier.count).drop(while: { $0 == " " || $0 == "\t" })
            }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let body = rest.dropFirst()
            guard let end = body.firstIndex(of: quote) else { continue }
            found.append((index + 1, String(body[..<end])))
        }
        return found
    }

    private static func relative(_ file: URL, to paths: [URL]) -> String? {
        let full = file.standardizedFileURL.path
        for path in paths {
            let folder = path.standardizedFileURL.path
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if full.hasPrefix(prefix) { return String(full.dropFirst(prefix.count)) }
        }
        return nil
    }

    private static func unique(_ folders: [URL]) -> [URL] {
        var seen = Set<String>()
        return folders.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
