import CZlib
import Foundation
import Synchronization

/// zlib's deflate for the compressed routes: gzip, zlib or raw deflate framing.
enum MockDeflater {
    /// The framing of the output.
    enum Format: Sendable {
        case gzip
        case zlib
        case raw

        var windowBits: Int32 {
            switch self {
            case .gzip: 15 + 16
            case .zlib: 15
            case .raw: -15
            }
        }
    }

    /// `data` compressed in `format`; `repeats` feeds it that many times (a bomb without holding it decoded).
    /// `fast` trades ratio for speed (zlib level 1, still about 1000:1 on zeros).
    static func compress(_ data: Data, format: Format, repeats: Int = 1, fast: Bool = false) -> Data {
        var stream = z_stream()
        let level = fast ? Z_BEST_SPEED : Z_BEST_COMPRESSION
        guard tern_deflate_init2(&stream, level, format.windowBits) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let input = [UInt8](data)
        let rounds = max(1, repeats)
        for round in 1...rounds {
            let flush = round == rounds ? Z_FINISH : Z_NO_FLUSH
            var status = Z_OK
            input.withUnsafeBufferPointer { inputBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
                stream.avail_in = uInt(truncatingIfNeeded: inputBuffer.count)
                repeat {
                    buffer.withUnsafeMutableBufferPointer { outputBuffer in
                        stream.next_out = outputBuffer.baseAddress
                        stream.avail_out = uInt(truncatingIfNeeded: outputBuffer.count)
                        status = deflate(&stream, flush)
                        let produced = outputBuffer.count - Int(stream.avail_out)
                        if let base = outputBuffer.baseAddress { output.append(base, count: produced) }
                    }
                } while stream.avail_out == 0 && status == Z_OK
            }
        }
        return output
    }

    /// Bombs already made, by size in MiB: made once per process, so repeated requests cost nothing.
    private static let bombs = Mutex<[Int: Data]>([:])

    /// `mebibytes` MiB of zeros, gzipped fast (about 1 KB per MiB), cached.
    static func gzipBomb(mebibytes: Int) -> Data {
        if let made = bombs.withLock({ $0[mebibytes] }) { return made }
        let body = compress(Data(count: 1 << 20), format: .gzip, repeats: mebibytes, fast: true)
        bombs.withLock { $0[mebibytes] = body }
        return body
    }
}
