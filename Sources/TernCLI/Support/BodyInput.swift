import Foundation

/// The bytes of `--body @FILE` and `--body @-` (standard input), read whole up to a limit.
enum BodyInput {
    /// The largest body read this way; a larger one is an error that says to stream a file body instead.
    static let maximumBytes = 256 * 1024 * 1024

    /// The bytes of `source`: `-` reads standard input to its end, anything else names a file.
    static func read(_ source: String) throws -> Data {
        if source == "-" { return try readStandardInput() }
        let url = URL(fileURLWithPath: source)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        guard let size else { throw CommandFailure.usage("--body @\(source): no such file") }
        guard size <= maximumBytes else { throw tooLarge("the file @\(source)") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CommandFailure.usage("--body @\(source): the file cannot be read (\(error.localizedDescription))")
        }
    }

    private static func readStandardInput() throws -> Data {
        var data = Data()
        let input = FileHandle.standardInput
        while true {
            let chunk: Data?
            do {
                chunk = try input.read(upToCount: 256 * 1024)
            } catch {
                throw CommandFailure.usage("--body @-: standard input cannot be read (\(error.localizedDescription))")
            }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
            guard data.count <= maximumBytes else { throw tooLarge("standard input") }
        }
    }

    private static func tooLarge(_ what: String) -> CommandFailure {
        .usage(
            "--body: \(what) is over \(maximumBytes / 1024 / 1024) MiB; give the spec a file body "
                + "(body: {file: PATH}), which is streamed")
    }
}
