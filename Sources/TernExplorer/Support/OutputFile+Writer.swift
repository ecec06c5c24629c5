package import Foundation
import Tern

#if canImport(Glibc)

    import CoreFoundation
    import CDispatch
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputFile {
    /// One destination opened by `OutputFile.open`: `write` the bytes, then `finish()`.
    ///
    /// Until `finish()` succeeds a replaced file keeps its old content; `cancel()` (or dropping
    /// the writer) removes the temporary file. Use one writer from one task at a time.
    package final class Writer {
        /// Where the bytes go: in place (append, FIFO, device) or to a replacement.
        private enum Sink {
            case inPlace(descriptor: Int32, isStream: Bool)
            case replacement(ReplacementFile)

            var descriptor: Int32 {
                switch self {
                case .inPlace(let descriptor, _): descriptor
                case .replacement(let file): file.descriptor
                }
            }
        }

        /// The path the bytes end up at: the destination with its symbolic links followed.
        package let target: String
        /// How many bytes were written so far.
        package private(set) var bytesWritten: Int64 = 0
        /// The file written to, to compare with a source.
        let identity: FileIdentity?

        private let sink: Sink
        private var isClosed = false

        init(destination: URL, mode: Mode) throws(OutputFileError) {
            do throws(FileFailure) {
                target = try SymbolicLinks.resolve(destination.path)
                var info = stat()
                if lstat(target, &info) == 0 {
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR:
                        throw FileFailure(target, "it is a folder; name a file inside it")
                    case S_IFREG where mode == .append:
                        let descriptor = try Self.openInPlace(target, flags: O_WRONLY | O_APPEND | O_NOFOLLOW)
                        sink = .inPlace(descriptor: descriptor, isStream: false)
                    case S_IFREG:
                        sink = .replacement(try ReplacementFile(replacing: target, existing: info))
                    default:
                        // O_NONBLOCK: a FIFO without a reader fails at once (ENXIO) instead of waiting forever.
                        let descriptor = try Self.openInPlace(target, flags: O_WRONLY | O_NOCTTY | O_NONBLOCK)
                        let flags = fcntl(descriptor, F_GETFL)
                        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
                        sink = .inPlace(descriptor: descriptor, isStream: true)
                    }
                } else if errno == ENOENT {
                    sink = .replacement(try ReplacementFile(replacing: target, existing: nil))
                } else {
                    throw FileFailure.posix(target, "it cannot be examined")
                }
            } catch {
                throw OutputFileError(error.path, error.message)
            }
            var opened = stat()
            identity = fstat(sink.descriptor, &opened) == 0 ? FileIdentity(opened) : nil
        }

        deinit { cancel() }

        /// Writes `data` after what was written before.
        package func write(_ data: Data) throws(OutputFileError) {
            let result = data.withUnsafeBytes { bytes in
                Result { () throws(OutputFileError) in try write(bytes) }
            }
            try result.get()
        }

        /// Writes `bytes` after what was written before, all of them or an error.
        package func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
            guard !isClosed else { throw OutputFileError(target, "it was already finished or cancelled") }
            do throws(FileFailure) {
                switch sink {
                case .replacement(let file): try file.write(bytes)
                case .inPlace(let descriptor, false): try ReplacementFile.writeAll(bytes, to: descriptor, path: target)
                case .inPlace(let descriptor, true): try Self.writeToStream(bytes, descriptor: descriptor, path: target)
                }
            } catch {
                throw OutputFileError(error.path, error.message)
            }
            bytesWritten += Int64(bytes.count)
        }

        /// Makes a replacement not yet written a copy-on-write clone of the regular file open at `descriptor`
        /// (`FICLONE`, on Btrfs and XFS): it shares no byte with it once either is written. False, with
        /// nothing written, where the file system cannot clone or the destination is written in place.
        func clone(from descriptor: Int32) -> Bool {
            #if canImport(Glibc)
                var info = stat()
                guard case .replacement(let file) = sink, bytesWritten == 0, fstat(descriptor, &info) == 0,
                    info.st_mode & S_IFMT == S_IFREG, ioctl(file.descriptor, Self.cloneRequest, descriptor) == 0
                else { return false }
                bytesWritten = Int64(info.st_size)
                return true
            #else
                return false
            #endif
        }

        /// Linux's `FICLONE`, `_IOW(0x94, 9, int)`.
        private static let cloneRequest: UInt = 0x4004_9409

        /// Makes the bytes visible: a replacement gets its final mode and is renamed over the target.
        package func finish() throws(OutputFileError) {
            guard !isClosed else { throw OutputFileError(target, "it was already finished or cancelled") }
            isClosed = true
            switch sink {
            case .replacement(let file):
                do throws(FileFailure) {
                    try file.commit()
                } catch {
                    throw OutputFileError(error.path, error.message)
                }
            case .inPlace(let descriptor, _):
                guard close(descriptor) == 0 else {
                    throw OutputFileError(target, "writing to it failed: \(String(cString: strerror(errno)))")
                }
            }
        }

        /// Drops a replacement's temporary file; bytes already written in place stay.
        package func cancel() {
            guard !isClosed else { return }
            isClosed = true
            switch sink {
            case .replacement(let file): file.discard()
            case .inPlace(let descriptor, _): close(descriptor)
            }
        }

        /// Writes to a FIFO, socket or device with SIGPIPE blocked on this thread (and a pending one
        /// taken back before unblocking), so a reader that went away is an `EPIPE` error, not the end
        /// of the process.
        private static func writeToStream(
            _ bytes: UnsafeRawBufferPointer, descriptor: Int32, path: String
        ) throws(FileFailure) {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            do throws(FileFailure) {
                try ReplacementFile.writeAll(bytes, to: descriptor, path: path)
            } catch {
                if error.code == EPIPE {
                    var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&pipeSignal, nil, &noWait)
                }
                throw error
            }
        }

        private static func openInPlace(_ path: String, flags: Int32) throws(FileFailure) -> Int32 {
            let descriptor = openDescriptor(path, flags | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENXIO {
                    throw FileFailure(path, "nothing is reading from it (a FIFO needs a reader before Tern writes)")
                }
                throw FileFailure.posix(path, "it cannot be opened for writing")
            }
            return descriptor
        }
    }
}

/// `open(2)`, under a name the `open` members of `OutputFile` do not hide.
private func openDescriptor(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
