import Foundation
import Tern

/// The bytes of a data file, read a chunk at a time (or, for a text given in memory, from it): what the
/// row readers pull from, so a file's rows are read one at a time and never the whole file at once.
struct DataBytes {
    /// Where the bytes come from.
    enum Source: Sendable, Equatable {
        /// A file, opened when the reading starts.
        case file(URL)
        /// A text already in memory.
        case memory(Data)
    }

    /// How many bytes are read from a file at a time.
    static let chunkSize = 64 * 1024

    private let handle: FileHandle?
    private var chunk: [UInt8]
    private var position = 0
    /// How many bytes were taken from the source so far.
    private(set) var bytesRead = 0
    /// The name of the file, for errors.
    private let name: String

    /// Starts reading `source`; a file that cannot be opened is an error naming `name`.
    init(_ source: Source, name: String) throws(DataFileProblem) {
        self.name = name
        switch source {
        case .file(let url):
            // Only a regular file: a FIFO would block the read, a device never end.
            do {
                handle = FileHandle(fileDescriptor: try RegularFile.descriptor(url.path), closeOnDealloc: true)
            } catch {
                throw DataFileProblem("cannot be read: \(error.reason)", line: nil, column: nil)
            }
            chunk = []
        case .memory(let data):
            handle = nil
            chunk = Array(data)
            bytesRead = chunk.count
        }
    }

    /// Closes the file.
    func close() { try? handle?.close() }

    /// The next byte, `nil` at the end.
    mutating func next() throws(DataFileProblem) -> UInt8? {
        if position == chunk.count, try !refill() { return nil }
        defer { position += 1 }
        return chunk[position]
    }

    /// The next byte without taking it, `nil` at the end.
    mutating func peek() throws(DataFileProblem) -> UInt8? {
        if position == chunk.count, try !refill() { return nil }
        return chunk[position]
    }

    /// Reads the next chunk; whether there was one.
    private mutating func refill() throws(DataFileProblem) -> Bool {
        guard let handle else { return false }
        let data: Data?
        do {
            data = try handle.read(upToCount: Self.chunkSize)
        } catch {
            throw DataFileProblem(
                "cannot be read: \((error as NSError).localizedDescription)", line: nil, column: nil)
        }
        guard let data, !data.isEmpty else { return false }
        chunk = Array(data)
        position = 0
        bytesRead += chunk.count
        guard bytesRead <= RunData.maximumBytes else {
            throw DataFileProblem(
                "it grew past \(RunData.maximumBytes) bytes while it was read", line: nil, column: nil)
        }
        return true
    }

    /// Skips a UTF-8 byte-order mark at the start (call before anything else is read).
    mutating func skipByteOrderMark() throws(DataFileProblem) {
        guard try peek() != nil, chunk.count - position >= 3 else { return }
        if chunk[position] == 0xEF, chunk[position + 1] == 0xBB, chunk[position + 2] == 0xBF { position += 3 }
    }
}

/// `bytes` as UTF-8 text, or an error at `line`.
func utf8Text(_ bytes: [UInt8], line: Int?) throws(DataFileProblem) -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw DataFileProblem("it is not UTF-8 text", line: line, column: nil)
    }
    return text
}
