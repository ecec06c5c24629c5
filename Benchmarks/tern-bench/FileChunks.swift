import Foundation
import NIOCore

/// A file read with `read(2)` straight into `ByteBuffer`s of `chunkSize` bytes: the leanest
/// request body AsyncHTTPClient can stream, used as the raw baseline for uploads.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let path: String
    let chunkSize: Int

    func makeAsyncIterator() -> Iterator {
        Iterator(path: path, chunkSize: chunkSize)
    }

    struct Iterator: AsyncIteratorProtocol {
        let path: String
        let chunkSize: Int
        private var descriptor: Int32 = -1
        private var finished = false
        private let allocator = ByteBufferAllocator()

        init(path: String, chunkSize: Int) {
            self.path = path
            self.chunkSize = chunkSize
        }

        mutating func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            if descriptor < 0 {
                descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw BenchError.scenario("cannot open '\(path)'") }
            }
            let descriptor = self.descriptor
            let chunkSize = self.chunkSize
            var buffer = allocator.buffer(capacity: chunkSize)
            let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: chunkSize) { space in
                var result: Int
                repeat { result = read(descriptor, space.baseAddress, chunkSize) } while result < 0 && errno == EINTR
                return Swift.max(result, 0)
            }
            guard count > 0 else {
                close(descriptor)
                finished = true
                return nil
            }
            return buffer
        }
    }
}
