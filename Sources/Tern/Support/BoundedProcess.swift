package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program Tern depends on for a moment (a secret's command, `protoc`) and collects what it
/// printed, bounded in time and bytes.
///
/// The program runs in a process group of its own, with standard input from `/dev/null` (it cannot
/// prompt) and the default signal handling; past the deadline, or once it printed more than
/// `maximumOutput`, the whole group is killed. Standard error is kept up to `maximumErrorOutput`.
package struct BoundedProcess: Sendable {
    /// How a run ended.
    package enum Outcome: Sendable, Equatable {
        /// The program exited: its status (128 + the signal when one ended it), standard output and error.
        case exited(status: Int32, output: [UInt8], errors: [UInt8])
        /// It printed more than the output limit and was stopped.
        case tooMuchOutput
        /// It did not finish within the deadline and was stopped.
        case timedOut
        /// It could not be started: the system's reason.
        case notStarted(String)
    }

    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    package var timeout: TimeInterval
    package var maximumOutput: Int
    package var maximumErrorOutput = 4 * 1024

    /// `arguments` includes the program's own name (`argv[0]`).
    package init(
        executable: String, arguments: [String], environment: [String: String], timeout: TimeInterval,
        maximumOutput: Int
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.timeout = timeout
        self.maximumOutput = maximumOutput
    }

    /// Runs the program and waits for it (blocking the calling thread).
    package func run() -> Outcome {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { return .notStarted("cannot create a pipe") }
        guard pipe(&errors) == 0 else {
            for descriptor in output { close(descriptor) }
            return .notStarted("cannot create a pipe")
        }
        for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors[1], STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            return .notStarted("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }

        let deadline = Date().addingTimeInterval(timeout)
        var printed: [UInt8] = []
        var complaint: [UInt8] = []
        var open = [output[0], errors[0]]
        var tooLong = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while !open.isEmpty, !tooLong {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining * 1000 + 1, 60_000)))
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    open.removeAll { $0 == descriptor.fd }
                } else if descriptor.fd == output[0] {
                    printed += buffer[0..<count]
                    if printed.count > maximumOutput { tooLong = true }
                } else if complaint.count < maximumErrorOutput {
                    complaint += buffer[0..<min(count, maximumErrorOutput - complaint.count)]
                }
            }
        }
        guard let status = Self.waitForExit(of: pid, until: open.isEmpty && !tooLong ? deadline : Date()) else {
            return tooLong ? .tooMuchOutput : .timedOut
        }
        return .exited(status: status, output: printed, errors: complaint)
    }

    /// The exit status of `pid` (128 + the signal when one ended it); at `deadline` its process
    /// group is killed and `nil` returned.
    private static func waitForExit(of pid: pid_t, until deadline: Date) -> Int32? {
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid {
                // WIFEXITED / WEXITSTATUS, which Swift cannot import as macros.
                return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
            if waited < 0 && errno != EINTR { return -1 }
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return nil
            }
            usleep(2_000)
        }
    }

    /// The last line of what a program wrote (to standard error), trimmed and cut to 200 characters.
    package static func lastLine(of bytes: [UInt8]) -> String? {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).last.map {
            String($0.trimmingWhitespace().prefix(200))
        }
    }
}
