import Foundation
import NIOCore
import Tern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request body read lazily in chunks from memory and files, so uploads stream in constant memory.
struct BodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let segments: [MultipartForm.Part.Content]
    let meter: TransferMeter?
    /// Called for every chunk handed to the client (the attempt's watchdog counts it as activity).
    var onChunk: (@Sendable () -> Void)?
    /// Told when the client pulls the body, so the attempt knows when sending began and ended.
    var clock: AttemptClock? = nil
    var chunkSize = 256 * 1024

    func makeAsyncIterator() -> Iterator {
        Iterator(segments: segments[...], meter: meter, onChunk: onChunk, clock: clock, chunkSize: chunkSize)
    }

    struct Iterator: AsyncIteratorProtocol {
        var segments: ArraySlice<MultipartForm.Part.Content>
        let meter: TransferMeter?
        let onChunk: (@Sendable () -> Void)?
        let clock: AttemptClock?
        let chunkSize: Int
        var file: FileReader?
        var pending = Data()
        var offset = 0

        mutating func next() async throws -> ByteBuffer? {
            clock?.bodyPulled(last: false)
            while true {
                if let reader = file {
                    if let buffer = try reader.nextChunk(chunkSize) {
                        meter?.add(buffer.readableBytes)
                        onChunk?()
                        return buffer
                    }
                    file = nil
                }
                if offset < pending.count {
                    // Slicing by offset keeps a large in-memory body linear, not quadratic.
                    let end = Swift.min(offset + chunkSize, pending.count)
                    let piece = pending[pending.startIndex + offset..<pending.startIndex + end]
                    offset = end
                    meter?.add(piece.count)
                    onChunk?()
                    return ByteBuffer(bytes: piece)
                }
                guard let segment = segments.popFirst() else {
                    meter?.finish()
                    clock?.bodyPulled(last: true)
                    return nil
                }
                switch segment {
                case .data(let data):
                    pending = data
                    offset = 0
                case .file(let url):
                    file = try FileReader(url)
                }
            }
        }
    }
}

/// Reads a file with `read(2)` straight into `ByteBuffer`s: one system call and no extra copy per
/// chunk (FileHandle on Linux reads in 4 KiB pieces and copies through `Data`).
final class FileReader {
    private var descriptor: Int32

    init(_ url: URL) throws {
        do {
            descriptor = try RegularFile.descriptor(url.path)
        } catch {
            throw TernError(.invalidRequest, "the body file '\(url.path)' cannot be read: \(error.reason)")
        }
    }

    /// The next chunk of at most `size` bytes, or `nil` at the end of the file (which closes it).
    func nextChunk(_ size: Int) throws -> ByteBuffer? {
        guard descriptor >= 0 else { return nil }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        let count = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { pointer -> Int in
            while true {
                let result = read(descriptor, pointer.baseAddress, size)
                if result >= 0 { return result }
                if errno != EINTR { throw TernError(.transport, "reading the body file failed (errno \(errno))") }
            }
        }
        if count == 0 {
            closeFile()
            return nil
        }
        return buffer
    }

    private func closeFile() {
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -1
    }

    deinit { closeFile() }
}
