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

    /// The largest file read back: a bigger one is a mistake or an attack, and is ignored.
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

    /// The store in `folder` (`.tern/`); an unreadable or damaged file gives an empty store.
    static func load(from folder: URL) -> CaptureStore {
        let file = folder.appendingPathComponent("captures.json")
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int, size <= maximumFileSize,
            let data = try? Data(contentsOf: file),
            let partitions = try? decoder.decode([String: Partition].self, from: data)
        else { return CaptureStore() }
        return CaptureStore(partitions: partitions)
    }

    /// Writes the store to `folder/captures.json`, owner-only (0600), atomically.
    func save(to folder: URL) throws(FileFailure) {
        let data = (try? Self.encoder.encode(partitions)) ?? Data("{}".utf8)
        try StateFileJSON.write(data, named: "captures.json", in: folder)
    }

    private static var decoder: JSONDecoder { StateFileJSON.decoder }

    private static var encoder: JSONEncoder { StateFileJSON.encoder }
}
