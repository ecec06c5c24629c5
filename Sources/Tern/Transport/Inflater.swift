import CZlib
import Foundation

/// zlib's inflate, streamed in chunks with a hard limit on the output: never holds more than `limit` bytes.
enum Inflater {
    /// Which framing the compressed bytes use.
    enum Format: Sendable {
        /// A gzip or zlib stream, told apart by their headers (`windowBits` 15 + 32).
        case gzipOrZlib
        /// A raw deflate stream without header or checksum (`windowBits` -15), as some servers send "deflate".
        case raw
    }

    /// Why inflating stopped.
    enum Failure: Error, Equatable {
        /// The output would pass the limit.
        case tooLarge
        /// The stream ended before its last block (or its checksum).
        case truncated
        /// The bytes are not a valid stream; zlib's message when it gave one.
        case corrupt(String)
    }

    /// The output buffer size, and the most input handed to zlib at a time by default.
    static let chunkSize = 64 * 1024

    /// Inflates `input` in `format`, failing before the output passes `limit` bytes. `inputChunk` is how many
    /// input bytes zlib sees at a time (tests use small values to cross every boundary).
    static func inflate(
        _ input: Data, format: Format, limit: Int64, inputChunk: Int = Inflater.chunkSize
    ) -> Result<Data, Failure> {
        var stream = z_stream()
        guard tern_inflate_init2(&stream, format == .raw ? -15 : 15 + 32) == Z_OK else {
            return .failure(.corrupt("zlib could not start"))
        }
        defer { inflateEnd(&stream) }
        let bytes = [UInt8](input)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        let step = max(1, inputChunk)
        var offset = 0
        while true {
            let end = min(bytes.count, offset + step)
            var status: Int32 = Z_OK
            var consumed = 0
            var produced = 0
            bytes.withUnsafeBufferPointer { inputBuffer in
                buffer.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress.map { $0 + offset })
                    stream.avail_in = uInt(truncatingIfNeeded: end - offset)
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(truncatingIfNeeded: outputBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    consumed = end - offset - Int(stream.avail_in)
                    produced = outputBuffer.count - Int(stream.avail_out)
                }
            }
            offset += consumed
            if Int64(output.count) + Int64(produced) > limit { return .failure(.tooLarge) }
            output.append(contentsOf: buffer[0..<produced])
            switch status {
            case Z_STREAM_END:
                // A gzip file may hold several members (`cat a.gz b.gz`); anything else after the end is ignored.
                guard format == .gzipOrZlib, bytes.count - offset >= 2, bytes[offset] == 0x1f, bytes[offset + 1] == 0x8b
                else { return .success(output) }
                guard inflateReset(&stream) == Z_OK else { return .failure(.corrupt("zlib could not restart")) }
            case Z_OK, Z_BUF_ERROR:
                // No progress with all the input given: the stream stops short of its end.
                if consumed == 0 && produced == 0 {
                    return .failure(offset >= bytes.count ? .truncated : .corrupt("zlib made no progress"))
                }
            case Z_NEED_DICT:
                return .failure(.corrupt("the stream needs a preset dictionary"))
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                return .failure(.corrupt(message))
            }
        }
    }
}
