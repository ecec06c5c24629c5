import Foundation
import Synchronization
import Tern

/// A child started with `posix_spawn` and reaped with `wait4`, so its peak RSS is known even for
/// programs that are not ours (curl). Foundation's `Process` does not report rusage.
struct ChildProcess: Sendable {
    /// How a child ended.
    enum Ending: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)
        case timedOut
    }

    /// What `wait(timeout:)` learns.
    struct Exit: Sendable {
        var ending: Ending
        /// `ru_maxrss` of the child from `wait4`, in KiB (inflated by ours: see `PeakMemory`).
        var maxRSSKiB: Int
        /// The last `VmHWM` sampled while the child ran (every 10 ms), in KiB.
        var highWaterKiB: Int?
        /// The highest `RssAnon` sampled while the child ran, in KiB.
        var anonymousKiB: Int?
        /// The highest `RssFile` sampled while the child ran (mapped code and files), in KiB.
        var fileKiB: Int?
    }

    let pid: pid_t

    /// Starts `program` (looked up in `PATH` when it has no slash) with `arguments`.
    ///
    /// - Parameters:
    ///   - standardInput: a descriptor for the child's fd 0; `nil` is `/dev/null`.
    ///   - standardOutput: a descriptor for the child's fd 1; `nil` is `/dev/null`.
    ///   - standardError: a descriptor for the child's fd 2; `nil` inherits ours, so a child's
    ///     complaints reach the terminal.
    ///   - environment: variables set (or replaced) on top of this process's environment.
    init(
        _ program: String, _ arguments: [String], standardInput: Int32? = nil, standardOutput: Int32? = nil,
        standardError: Int32? = nil, environment: [String: String] = [:]
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let entries = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in entries { free(pointer) } }
        var pid = pid_t()
        var status: Int32 = 0
        let started = Interruption.starting {
            status = posix_spawnp(&pid, program, &actions, nil, argv, entries)
            return status == 0 ? pid : nil
        }
        guard started else { throw BenchError.spawn("interrupted: \(program) was not started") }
        guard status == 0 else {
            throw BenchError.spawn("cannot start \(program): \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    /// Waits for the child to end, killing it with SIGKILL when `timeout` passes first, and
    /// sampling its memory every 10 ms meanwhile unless `samplingMemory` is false (for timings
    /// of short runs, where the sampler's reads would compete with the child for the cores).
    func wait(timeout: Duration, samplingMemory: Bool = true) -> Exit {
        let guardian = KillGuard(pid: pid)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + timeout.seconds)
        timer.setEventHandler { guardian.killIfRunning() }
        timer.resume()
        var sampler: (any DispatchSourceTimer)?
        if samplingMemory {
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now(), repeating: .milliseconds(10))
            source.setEventHandler { guardian.sample() }
            source.resume()
            sampler = source
        }
        // Wait without reaping (WNOWAIT): until the guard is closed the pid cannot be reused, so the
        // timer can never kill an unrelated process.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        let (timedOut, samples) = guardian.close()
        Interruption.ended(pid)
        timer.cancel()
        sampler?.cancel()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let ending: Ending
        if timedOut {
            ending = .timedOut
        } else if status & 0x7f == 0 {
            ending = .exited((status >> 8) & 0xff)
        } else {
            ending = .signaled(status & 0x7f)
        }
        return Exit(
            ending: ending, maxRSSKiB: usage.ru_maxrss, highWaterKiB: samples?.highWater,
            anonymousKiB: samples?.anonymous, fileKiB: samples?.file
        )
    }
}

/// Kills and samples a child only while the parent has not seen it end (until then it is not
/// reaped, so its pid cannot belong to another process).
private final class KillGuard: Sendable {
    private struct State {
        var closed = false
        var killed = false
        var peaks: PeakMemory.Status?
    }

    private let pid: pid_t
    private let state = Mutex(State())

    init(pid: pid_t) { self.pid = pid }

    /// Sends SIGKILL unless the child was already seen ending.
    func killIfRunning() {
        state.withLock { state in
            guard !state.closed else { return }
            state.killed = true
            kill(pid, SIGKILL)
        }
    }

    /// Records the child's memory figures (absent once it has exited), keeping each one's maximum.
    func sample() {
        state.withLock { state in
            guard !state.closed, let now = PeakMemory.status(of: pid) else { return }
            var peaks = state.peaks ?? now
            peaks.highWater = max(peaks.highWater, now.highWater)
            peaks.resident = max(peaks.resident, now.resident)
            peaks.anonymous = max(peaks.anonymous, now.anonymous)
            peaks.file = max(peaks.file, now.file)
            state.peaks = peaks
        }
    }

    /// Stops any later kill or sample; returns whether the child was killed, and its sampled peaks.
    func close() -> (killed: Bool, peaks: PeakMemory.Status?) {
        state.withLock { state in
            state.closed = true
            return (state.killed, state.peaks)
        }
    }
}

/// A pipe whose ends are closed on exec (the child gets only what `dup2` gives it).
struct ChildPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw BenchError.spawn("pipe failed: \(String(cString: strerror(errno)))") }
        // Close-on-exec (pipe2 is not visible from Swift): only dup2'd copies reach the child.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }
}
