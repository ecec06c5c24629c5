import Foundation
import NIOCore
import Tern

/// A request body read lazily in chunks from memory and files, so uploads stream in constant memory.
struct BodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let segments: [MultipartForm.Part.Content]
    let meter: ProgressMeter
    var chunkSize = 256 * 1024

    func makeAsyncIterator() -> Iterator {
        Iterator(segments: segments[...], meter: meter, chunkSize: chunkSize)
    }

    struct Iterator: AsyncIteratorProtocol {
        var segments: ArraySlice<MultipartForm.Part.Content>
        let meter: ProgressMeter
        let chunkSize: Int
        var file: FileHandle?
        var pending = Data()
        var offset = 0

        mutating func next() async throws -> ByteBuffer? {
            while true {
                if let handle = file {
                    if let data = try handle.read(upToCount: chunkSize), !data.isEmpty {
                        meter.add(data.count)
                        return ByteBuffer(bytes: data)
                    }
                    try handle.close()
                    file = nil
                }
                if offset < pending.count {
                    // Slicing by offset keeps a large in-memory body linear, not quadratic.
                    let end = Swift.min(offset + chunkSize, pending.count)
                    let piece = pending[pending.startIndex + offset..<pending.startIndex + end]
                    offset = end
                    meter.add(piece.count)
                    return ByteBuffer(bytes: piece)
                }
                guard let segment = segments.popFirst() else {
                    meter.finish()
                    return nil
                }
                switch segment {
                case .data(let data):
                    pending = data
                    offset = 0
                case .file(let url): file = try FileHandle(forReadingFrom: url)
                }
            }
        }
    }
}
