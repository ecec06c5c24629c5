/// Holds a bearer token and refreshes it once for any number of concurrent callers.
///
/// The refresh closure gets the handler, so it can send a refresh request through it; mark that
/// request `requiresAuthentication = false` so the auth interceptor leaves it alone.
public actor BearerTokenStore {
    /// Fetches a new token.
    public typealias Refresh = @Sendable (Handler) async throws -> String

    private var token: String?
    private let refresh: Refresh
    private var inFlight: (task: Task<String, any Error>, waiters: Int, generation: Int)?
    private var generation = 0
    /// How many refreshes have succeeded.
    public private(set) var refreshCount = 0

    /// Makes a store holding `token` (nil: the first request refreshes before sending).
    public init(token: String? = nil, refresh: @escaping Refresh) {
        self.token = token
        self.refresh = refresh
    }

    /// The token in force.
    public var currentToken: String? { token }

    /// Replaces the token (after a sign-in, say).
    public func setToken(_ newToken: String?) {
        token = newToken
    }

    /// A token newer than `stale`: the current one if someone already refreshed, else the
    /// result of the one refresh in flight, started here if none is.
    public func token(replacing stale: String?, handler: Handler) async throws -> String {
        if let token, token != stale { return token }
        let entry: (task: Task<String, any Error>, waiters: Int, generation: Int)
        if let inFlight {
            entry = (inFlight.task, inFlight.waiters + 1, inFlight.generation)
        } else {
            generation += 1
            let refresh = self.refresh
            entry = (Task { try await refresh(handler) }, 1, generation)
        }
        inFlight = entry
        let current = entry.generation
        do {
            let newToken = try await withTaskCancellationHandler {
                try await entry.task.value
            } onCancel: {
                Task { await self.waiterCancelled(generation: current) }
            }
            finish(generation: current, token: newToken)
            return newToken
        } catch {
            finish(generation: current, token: nil)
            throw error
        }
    }

    private func finish(generation finished: Int, token newToken: String?) {
        guard let inFlight, inFlight.generation == finished else { return }
        self.inFlight = nil
        if let newToken {
            token = newToken
            refreshCount += 1
        }
    }

    /// A waiter was cancelled: when nobody waits any more, the refresh request is cancelled too.
    private func waiterCancelled(generation cancelled: Int) {
        guard var inFlight, inFlight.generation == cancelled else { return }
        inFlight.waiters -= 1
        if inFlight.waiters <= 0 {
            inFlight.task.cancel()
            self.inFlight = nil
        } else {
            self.inFlight = inFlight
        }
    }
}
