public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// GNU extensions that glibc has (2.9, 2.29 and 2.34) but the Glibc module does not show.
@_silgen_name("pipe2")
private func pipe2(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnActionsAddCloseFrom(
    _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32
) -> Int32
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func spawnActionsAddChdir(
    _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>
) -> Int32

/// A program started with `posix_spawn` for a test: the real `curl`, `tmux`, `tinyproxy`, the `tern`
/// binary.
///
/// Tests start their programs with this instead of Foundation's `Process`: on Linux,
/// `Process.run()` in Swift 6.3 reads `/proc/self/fd` with a `dirent` copy that can run past
/// the end of glibc's buffer and crash the whole test process now and then (fixed in
/// swift-corelibs-foundation after 6.3). Every descriptor this type opens is close-on-exec, and the
/// child closes every descriptor above standard error, so a program started beside another never
/// holds the other's pipe or a test's listening socket open.
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe the test reads from (or, for standard input, writes to).
        case pipe
        /// Standard error only: the same pipe as standard output.
        case standardOutput
    }

    /// What went wrong starting the program.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The child's process id.
    public let pid: pid_t
    /// The read end of standard output's pipe, when it is `.pipe`.
    public let standardOutput: Int32?
    /// The read end of standard error's pipe, when it is `.pipe`.
    public let standardError: Int32?
    /// The write end of standard input's pipe while it is open.
    private let input: Mutex<Int32?>
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable` (a path) with `arguments`, in `directory`, with `environment` (else this
    /// process's).
    public init(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String]? = nil, input: Stream = .null, output: Stream = .null,
        error: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { for end in childEnds { close(end) } }
        func pipeEnds() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard pipe2(&ends, O_CLOEXEC) == 0 else {
                for end in parentEnds { close(end) }
                throw Failure(description: "pipe2: \(String(cString: strerror(errno)))")
            }
            return (ends[0], ends[1])
        }
        /// A pipe whose one end becomes the child's `target`; returns the end this process keeps.
        func connect(_ target: Int32, childReads: Bool) throws -> Int32 {
            let ends = try pipeEnds()
            let (kept, given) = childReads ? (ends.write, ends.read) : (ends.read, ends.write)
            parentEnds.append(kept)
            childEnds.append(given)
            posix_spawn_file_actions_adddup2(&actions, given, target)
            return kept
        }
        func null(_ target: Int32, _ mode: Int32) {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", mode, 0)
        }
        var inputEnd: Int32?
        var outputEnd: Int32?
        var errorEnd: Int32?
        switch input {
        case .pipe: inputEnd = try connect(STDIN_FILENO, childReads: true)
        case .null, .standardOutput: null(STDIN_FILENO, O_RDONLY)
        }
        switch output {
        case .pipe, .standardOutput: outputEnd = try connect(STDOUT_FILENO, childReads: false)
        case .null: null(STDOUT_FILENO, O_WRONLY)
        }
        switch error {
        case .pipe: errorEnd = try connect(STDERR_FILENO, childReads: false)
        case .standardOutput where outputEnd != nil:
            posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        case .null, .standardOutput: null(STDERR_FILENO, O_WRONLY)
        }
        // Descriptors the test process opened without close-on-exec (a listener, a file) stay out of the
        // child, as Foundation's Process keeps them out.
        _ = spawnActionsAddCloseFrom(&actions, 3)
        if let directory { _ = spawnActionsAddChdir(&actions, directory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner may block signals on its threads; the child starts with none blocked and
        // default handlers, as a program started from a shell does.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            for end in parentEnds { close(end) }
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        self.input = Mutex(inputEnd)
        standardOutput = outputEnd
        standardError = errorEnd
    }

    deinit {
        closeInput()
        for end in [standardOutput, standardError].compactMap(\.self) { close(end) }
    }

    /// Whether the program has not exited yet (reaps it when it has).
    public var isRunning: Bool {
        if status.withLock({ $0 }) != nil { return false }
        var raw: Int32 = 0
        let reaped = waitpid(pid, &raw, WNOHANG)
        if reaped == pid {
            status.withLock { $0 = Self.exitStatus(raw) }
            return false
        }
        return reaped == 0
    }

    /// Waits for the program to exit (blocking this thread) and returns its exit status, or the
    /// number of the signal that ended it. From a task, await `waitForExit()` instead.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        if let known = status.withLock({ $0 }) { return known }
        var raw: Int32 = 0
        while true {
            let reaped = waitpid(pid, &raw, 0)
            if reaped == pid {
                let exit = Self.exitStatus(raw)
                status.withLock { $0 = exit }
                return exit
            }
            if reaped == -1 && errno == EINTR { continue }
            // Another thread reaped it (ECHILD): its status is on the way.
            for _ in 0..<1000 {
                if let known = status.withLock({ $0 }) { return known }
                usleep(1000)
            }
            return -1
        }
    }

    /// Waits for the program to exit on a thread of its own (never blocking Swift concurrency's
    /// cooperative pool) and returns its exit status, or the number of the signal that ended it.
    @discardableResult
    public func waitForExit() async -> Int32 {
        if let known = status.withLock({ $0 }) { return known }
        return await OwnThread.run { self.waitUntilExit() }
    }

    /// Stops the program: SIGTERM, then SIGKILL if it is still running after `grace`; returns once it
    /// has exited (awaited off the cooperative pool).
    @discardableResult
    public func stop(grace: Duration = .seconds(5)) async -> Int32 {
        terminate()
        let deadline = ContinuousClock.now + grace
        while isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        terminate(SIGKILL)
        return await waitForExit()
    }

    /// Runs `body` while the program runs, then stops it (see `stop(grace:)`), also when `body` throws.
    public func whileRunning<T>(_ body: () async throws -> T) async throws -> T {
        let result: T
        do {
            result = try await body()
        } catch {
            await stop()
            throw error
        }
        await stop()
        return result
    }

    /// Sends `signal` (SIGTERM by default) unless the program has exited.
    public func terminate(_ signal: Int32 = SIGTERM) {
        if isRunning { kill(pid, signal) }
    }

    /// Writes `data` to standard input and closes it (on a thread of its own, so a child that writes
    /// before it reads cannot deadlock the test).
    public func feed(_ data: Data) {
        guard
            let fd = input.withLock({ descriptor in
                defer { descriptor = nil }
                return descriptor
            })
        else { return }
        Thread.detachNewThread {
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { break }
                    offset += written
                }
            }
            close(fd)
        }
    }

    /// Closes standard input's pipe: the child reads end of file.
    public func closeInput() {
        if let fd = input.withLock({ descriptor in
            defer { descriptor = nil }
            return descriptor
        }) {
            close(fd)
        }
    }

    /// Reads `descriptor` (one of this child's pipes) to end of file, blocking this thread: call it
    /// from a thread of its own (as `run` does), never from a task.
    public static func readAll(_ descriptor: Int32?) -> Data {
        guard let descriptor else { return Data() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Reads one line (without its newline) from `descriptor` on a thread of its own, a byte at a
    /// time; `nil` at end of file.
    public static func line(from descriptor: Int32?) async -> String? {
        await OwnThread.run { readLine(descriptor) }
    }

    /// Reads one line (without its newline) from `descriptor`, a byte at a time, blocking this
    /// thread; `nil` at end of file. From a task, await `line(from:)` instead.
    public static func readLine(_ descriptor: Int32?) -> String? {
        guard let descriptor else { return nil }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : signal
    }
}

extension ChildProcess {
    /// What a program run to its end printed.
    public struct Outcome: Sendable {
        /// Its exit status (a signal's number when it was killed).
        public let status: Int32
        /// Standard output (and standard error, when they were joined).
        public let output: Data
        /// Standard error, when it was kept apart.
        public let error: Data

        /// Standard output as text.
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `executable` to its end on plain threads (never blocking Swift concurrency's cooperative
    /// pool) and returns what it printed; killed after `timeout` seconds.
    public static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String]? = nil, input: Data? = nil, joinErrors: Bool = true,
        timeout: TimeInterval = 60
    ) async throws -> Outcome {
        let child = try ChildProcess(
            executable, arguments, in: directory, environment: environment, input: input == nil ? .null : .pipe,
            output: .pipe, error: joinErrors ? .standardOutput : .pipe)
        return await OwnThread.run { child.collect(input: input, timeout: timeout) }
    }

    /// Feeds `input`, drains both pipes and waits; SIGKILL after `timeout` seconds.
    private func collect(input: Data?, timeout: TimeInterval) -> Outcome {
        if let input { feed(input) }
        let killer = DispatchWorkItem { [self] in terminate(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        let errorData = Mutex(Data())
        let errorDone = DispatchSemaphore(value: 0)
        if let standardError {
            Thread.detachNewThread {
                let data = Self.readAll(standardError)
                errorData.withLock { $0 = data }
                errorDone.signal()
            }
        } else {
            errorDone.signal()
        }
        let output = Self.readAll(standardOutput)
        errorDone.wait()
        let status = waitUntilExit()
        killer.cancel()
        return Outcome(status: status, output: output, error: errorData.withLock { $0 })
    }
}
