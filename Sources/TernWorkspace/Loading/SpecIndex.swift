import Foundation
import Tern

/// One spec as `tern list` shows it: what the index keeps of it.
public struct SpecListing: Sendable, Hashable {
    /// The spec id (its path under `specs/` without `.yaml`).
    public var id: String
    /// Its name.
    public var name: String
    /// Its method.
    public var method: String
    /// Its path (or full URL) as written.
    public var path: String
    /// The target it names, if any.
    public var target: String?
    /// The variables its templated strings use (`{{name}}`, not `{{env:…}}`), sorted: whether it needs
    /// `{{mock}}`, say, without reading it.
    public var variables: [String] = []
}

/// What `tern list` needs of every spec, kept beside the workspace (`.tern/spec-index`) so that listing
/// a workspace of hundreds of specs reads the files that changed, not all of them.
///
/// A row is used while its file has the same stamp (device, inode, size, modification and change
/// times) as when it was read, and `workspace.yaml` is the one the index was made with (a spec's validity depends on
/// its targets). Rows of files changed less than two seconds before the index was written are not
/// kept (a second change within the file system's clock tick could keep the same time), nor are specs
/// that could not be loaded: those files are read every time. The index is a cache: a missing,
/// unreadable or foreign one is rebuilt; a workspace that cannot be written to is listed without one.
enum SpecIndex {
    /// The file's first line names the format; rows of another format are ignored.
    static let header = "tern-spec-index 4"
    /// Rows whose file changed this recently when the index was written are left out.
    static let settleNanoseconds: Int64 = 2_000_000_000

    /// A file's stamp: what says it is unchanged without reading it.
    typealias Stamp = FileStamp

    /// One indexed spec: its file's stamp, its listing and its warnings (line, column, message).
    struct Row: Hashable {
        var stamp: Stamp
        var listing: SpecListing
        var warnings: [(line: Int, column: Int, message: String)]

        static func == (lhs: Row, rhs: Row) -> Bool {
            lhs.stamp == rhs.stamp && lhs.listing == rhs.listing
                && lhs.warnings.elementsEqual(rhs.warnings) { $0 == $1 }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(stamp)
            hasher.combine(listing)
        }
    }

    /// The rows of the index at `file` made with the manifest `manifest`, by spec id; empty when it is
    /// missing, unreadable, of another format or another manifest.
    static func read(_ file: URL, manifest: Stamp) -> [String: Row] {
        guard let bytes = try? FileBytes.contents(atPath: file.path, limit: 64 * 1024 * 1024) else { return [:] }
        return rows(bytes, manifest: manifest)
    }

    /// The rows of an index's bytes (see `read`). Lines and fields are split on the bytes of `\n` and `\t`,
    /// not on characters: both are ASCII, which never occurs inside a multi-byte UTF-8 sequence, and
    /// splitting a whole index by grapheme cost the TUI's first frame 177 M instructions on 623 specs.
    static func rows(_ bytes: [UInt8], manifest: Stamp) -> [String: Row] {
        guard String(validating: bytes, as: UTF8.self) != nil else { return [:] }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(),
            String(decoding: first, as: UTF8.self) == "\(header)\t\(manifest.text)"
        else { return [:] }
        var rows: [String: Row] = [:]
        rows.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(unescape)
            guard fields.count >= 7, (fields.count - 7) % 3 == 0, let stamp = Stamp(text: fields[1][...]) else {
                return [:]
            }
            var warnings: [(line: Int, column: Int, message: String)] = []
            var index = 7
            while index + 2 < fields.count {
                guard let line = Int(fields[index]), let column = Int(fields[index + 1]) else { return [:] }
                warnings.append((line, column, fields[index + 2]))
                index += 3
            }
            let listing = SpecListing(
                id: fields[0], name: fields[3], method: fields[2], path: fields[4],
                target: fields[5].isEmpty ? nil : fields[5],
                variables: fields[6].split(separator: " ").map(String.init))
            rows[fields[0]] = Row(stamp: stamp, listing: listing, warnings: warnings)
        }
        return rows
    }

    /// The index's text for `rows`.
    static func text(_ rows: [Row], manifest: Stamp) -> String {
        var out = "\(header)\t\(manifest.text)\n"
        for row in rows.sorted(by: { $0.listing.id < $1.listing.id }) {
            let listing = row.listing
            var fields = [
                listing.id, row.stamp.text, listing.method, listing.name, listing.path, listing.target ?? "",
                listing.variables.joined(separator: " "),
            ]
            for warning in row.warnings { fields += [String(warning.line), String(warning.column), warning.message] }
            out += fields.map(escape).joined(separator: "\t") + "\n"
        }
        return out
    }

    /// Tabs, newlines, carriage returns and backslashes as `\t`, `\n`, `\r`, `\\`: by Unicode scalar, so that
    /// a `\r\n` (one character) is escaped too and no line of the index holds a raw line feed.
    static func escape(_ field: String) -> String {
        let special: (Unicode.Scalar) -> Bool = { $0 == "\t" || $0 == "\n" || $0 == "\\" || $0 == "\r" }
        guard field.unicodeScalars.contains(where: special) else { return field }
        var out = String.UnicodeScalarView()
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// A field's text with `\t`, `\n`, `\r` and `\\` undone (any other escaped byte stands for itself).
    static func unescape(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                default: out.append(byte)
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
