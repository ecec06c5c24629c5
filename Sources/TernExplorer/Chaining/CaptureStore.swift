import Foundation
import Tern

/// The values captured from responses and the answers recorded for dependencies, per environment,
/// kept in `.tern/captures.json` (owner-only) so they survive restarts.
struct CaptureStore: Sendable, Equatable {
    /// One captured value and where it came from.
    struct Value: Codable, Sendable, Equatable {
        var value: String
        /// The spec whose response it was taken from.
        var spec: String
        var capturedAt: Date
    }

    /// The last answer of a spec: when, and with which status.
    struct Answer: Codable, Sendable, Equatable {
        var status: Int
        var receivedAt: Date
    }

    /// Everything kept for one environment.
    struct Partition: Codable, Sendable, Equatable {
        var values: [String: Value] = [:]
        var answers: [String: Answer] = [:]
    }

    /// The partitions by environment name (`""` when no environment is in force).
    private(set) var partitions: [String: Partition] = [:]
    /// Why the file was not read, when it is there but could not be (too large, damaged): then it is
    /// never replaced, so nothing it holds is lost.
    private(set) var unread: String?

    /// The largest file read back, and written: a capture that would make it larger is refused.
    static let maximumFileSize = 4 * 1024 * 1024

    /// The partition of `environment`.
    func partition(_ environment: String?) -> Partition { partitions[environment ?? ""] ?? Partition() }

    /// Records `values` captured from `spec`'s answer with `status` at `date`.
    mutating func record(
        _ values: [String: String], from spec: String, status: Int, at date: Date, environment: String?
    ) {
        var partition = partitions[environment ?? ""] ?? Partition()
        for (name, value) in values { partition.values[name] = Value(value: value, spec: spec, capturedAt: date) }
        partition.answers[spec] = Answer(status: status, receivedAt: date)
        partitions[environment ?? ""] = partition
    }

    /// Forgets the captured values of `environment` (all of them when `names` is empty).
    mutating func clear(_ names: [String] = [], environment: String?) {
        guard var partition = partitions[environment ?? ""] else { return }
        if names.isEmpty {
            partition = Partition()
        } else {
            for name in names { partition.values[name] = nil }
        }
        partitions[environment ?? ""] = partition
    }

    // MARK: - The file

    /// The store in `folder` (`.tern/`); no file gives an empty store, and so does a file that cannot
    /// be read, which is then kept as it is (`unread` says why).
    static func load(from folder: URL) -> CaptureStore {
        switch StateFileJSON.contents(of: folder.appendingPathComponent(fileName), limit: maximumFileSize) {
        case .absent:
            return CaptureStore()
        case .unusable(let reason):
            return CaptureStore(unread: reason)
        case .data(let data):
            do {
                return CaptureStore(partitions: try decoder.decode([String: Partition].self, from: data))
            } catch {
                return CaptureStore(unread: "it is not the JSON Tern writes")
            }
        }
    }

    static let fileName = "captures.json"

    /// Writes the store to `folder/captures.json`, owner-only (0600), atomically; refused (the file
    /// kept) when the file was not read, or when it would be larger than `maximumFileSize`.
    func save(to folder: URL) throws(FileFailure) {
        if let unread { throw StateFileJSON.kept(Self.fileName, in: folder, because: unread) }
        let data = (try? Self.encoder.encode(partitions)) ?? Data("{}".utf8)
        try StateFileJSON.write(data, named: Self.fileName, in: folder, limit: Self.maximumFileSize)
    }

    private static var decoder: JSONDecoder { StateFileJSON.decoder }

    private static var encoder: JSONEncoder { StateFileJSON.encoder }
}
