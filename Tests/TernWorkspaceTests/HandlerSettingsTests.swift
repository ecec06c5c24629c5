import Foundation
import Tern
import Testing

@testable import TernWorkspace

@Suite struct HandlerSettingsTests {
    @Test func defaultsMatchTheLibrary() {
        let settings = HandlerSettings()
        #expect(settings.mode == .normal)
        #expect(settings.maxRetries == 3)
        #expect(settings.timeout == 30)
        #expect(settings.cacheTTL == 300)
        #expect(
            settings.retry
                == RetrySettings(
                    backoff: "exponential", initialDelay: 0.2, maxDelay: 5, jitter: true,
                    on: [408, 429, 500, 502, 503, 504]))
        let policy = settings.retryPolicy()
        let library = RetryPolicy.default
        #expect(policy.maxRetries == library.maxRetries)
        #expect(policy.backoff == library.backoff)
        #expect(policy.jitter == library.jitter)
        #expect(policy.retryableStatuses == library.retryableStatuses)
    }

    @Test func exponentialBackoffMapsDelaysAndJitter() {
        var settings = HandlerSettings(maxRetries: 5)
        settings.retry = RetrySettings(backoff: "exponential", initialDelay: 0.5, maxDelay: 8, jitter: false, on: [503])
        let policy = settings.retryPolicy()
        #expect(policy.maxRetries == 5)
        #expect(policy.backoff == .exponential(initial: .milliseconds(500), maximum: .seconds(8)))
        #expect(policy.jitter == 0)
        #expect(policy.retryableStatuses == [503])
    }

    @Test func constantBackoffUsesTheInitialDelay() {
        let settings = HandlerSettings(
            maxRetries: 0, retry: RetrySettings(backoff: "constant", initialDelay: 1.5, jitter: true))
        let policy = settings.retryPolicy()
        #expect(policy.backoff == .constant(.milliseconds(1500)))
        #expect(policy.jitter == 0.5)
        #expect(policy.maxRetries == 0)
    }

    @Test func partialYAMLKeepsTheOtherDefaults() throws {
        let folder = try TemporaryWorkspace(["workspace.yaml": "handler:\n  retry: { on: [500] }\n  mode: live\n"])
        let handler = try folder.load().handler
        #expect(handler.mode == .live)
        #expect(handler.maxRetries == 3)
        #expect(handler.retry.on == [500])
        #expect(handler.retry.backoff == "exponential")
        #expect(handler.retry.jitter)
        #expect(handler.timeout == 30)
    }
}
