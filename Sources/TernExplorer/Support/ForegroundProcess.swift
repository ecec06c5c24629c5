package import Foundation

#if canImport(Glibc)
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs an interactive program (an editor, a pager) on the user's terminal.
///
/// Foundation's `Process` starts children in a process group of their own; on a terminal that
/// group is in the background, so an editor or pager cannot read keys (vim exits with "Error
/// reading input"). This spawns with `posix_spawn` in the caller's process group instead, with
/// default signal dispositions and an empty signal mask, and waits on a plain thread.
package enum ForegroundProcess {
    /// Why a program could not run.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs `/bin/sh -c command` (with `arguments` as `$1`...), feeding `input` to its standard
    /// input when given (else it inherits ours); returns its exit status.
    package static func run(
        shell command: String, arguments: [String] = [], environment: [String: String], input: Data? = nil
    ) async throws -> Int32 {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        var descriptors: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&descriptors) == 0 else { throw Failure(description: "cannot create a pipe: errno \(errno)") }
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&fileActions, descriptors[0], STDIN_FILENO)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = (["/bin/sh", "-c", command, "tern-sh"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &fileActions, &attributes, argv, envp)
        if input != nil { close(descriptors[0]) }
        guard spawned == 0 else {
            if input != nil { close(descriptors[1]) }
            throw Failure(description: "cannot start '\(command)': \(String(cString: strerror(spawned)))")
        }
        let writer = descriptors[1]
        let child = pid
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                if let input {
                    // A reader that quits early makes the write fail with EPIPE: the rest is dropped.
                    // SIGPIPE is blocked on this thread only, so it cannot end the process; the
                    // pending signal goes away with the thread.
                    var pipeSignal = sigset_t()
                    sigemptyset(&pipeSignal)
                    sigaddset(&pipeSignal, SIGPIPE)
                    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                    input.withUnsafeBytes { buffer in
                        guard let base = buffer.baseAddress else { return }
                        var offset = 0
                        while offset < buffer.count {
                            let written = write(writer, base + offset, buffer.count - offset)
                            if written < 0 && errno == EINTR { continue }
                            if written <= 0 { break }
                            offset += written
                        }
                    }
                    close(writer)
                }
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                // WIFEXITED / WEXITSTATUS, which Swift cannot import as macros.
                let exited = status & 0x7F == 0
                continuation.resume(returning: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
            }
        }
    }
}
