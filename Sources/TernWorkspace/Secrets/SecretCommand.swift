import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the command a secret is defined by (`pass show api/token`, `op read …`, `gh auth token`) and
/// returns what it printed, without its final line break.
///
/// The command runs under `/bin/sh -c` in a process group of its own, with standard input from
/// `/dev/null` (it cannot prompt), within a deadline: past it, the whole group is killed. Its output
/// is bounded; standard error is kept (bounded too) for the error message.
enum SecretCommand {
    /// The most a command may print on standard output.
    static let maximumOutput = 64 * 1024
    /// The most of standard error kept for a message.
    static let maximumErrorOutput = 4 * 1024

    /// Why a command gave no value, in a sentence a person can act on.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The output of `command`, run with `environment`, within `timeout` seconds.
    static func run(
        _ command: String, timeout: TimeInterval, environment: [String: String]
    ) -> Result<String, Failure> {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { return .failure(Failure(description: "cannot create a pipe")) }
        guard pipe(&errors) == 0 else {
            for descriptor in output { close(descriptor) }
            return .failure(Failure(description: "cannot create a pipe"))
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

        let arguments: [String] = ["/bin/sh", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            return .failure(Failure(description: "cannot start /bin/sh: \(String(cString: strerror(spawned)))"))
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
        let status = waitForExit(of: pid, until: open.isEmpty && !tooLong ? deadline : Date())
        guard let status else {
            return .failure(
                Failure(
                    description: tooLong
                        ? "printed more than \(maximumOutput / 1024) KiB, so it was stopped"
                        : "did not finish within \(format(timeout)) s, so it was stopped (it cannot prompt: "
                            + "its input is /dev/null)"))
        }
        guard status == 0 else {
            var message = status > 128 ? "was ended by signal \(status - 128)" : "failed with exit status \(status)"
            if let line = lastLine(of: complaint) { message += ": \(line)" }
            return .failure(Failure(description: message))
        }
        var value = String(decoding: printed, as: UTF8.self)
        while value.hasSuffix("\n") || value.hasSuffix("\r") { value.removeLast() }
        guard !value.isEmpty else {
            var message = "printed nothing"
            if let line = lastLine(of: complaint) { message += " (it said: \(line))" }
            return .failure(Failure(description: message))
        }
        return .success(value)
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

    private static func lastLine(of bytes: [UInt8]) -> String? {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).last.map {
            String($0.trimmingCharacters(in: .whitespaces).prefix(200))
        }
    }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
