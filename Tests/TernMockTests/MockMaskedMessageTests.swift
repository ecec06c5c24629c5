import Foundation
import Testing

@testable import TernMock

/// A recorded client message whose secret was masked when it was stored (`••••••`) matches whatever the
/// client sends in its place, and nothing else.
@Suite struct MockMaskedMessageTests {
    func same(_ expected: String, _ actual: String) -> Bool {
        MockWebSocketServer.same(Array(expected.utf8), Array(actual.utf8))
    }

    @Test func aMaskedSecretStandsForAnyText() {
        let recorded = #"{"payload":{"Authorization":"Bearer ••••••"},"type":"connection_init"}"#
        #expect(same(recorded, #"{"payload":{"Authorization":"Bearer s3cret"},"type":"connection_init"}"#))
        #expect(same("auth ••••••", "auth tok-9f8e"))
        #expect(!same(recorded, #"{"payload":{"Authorization":"Basic s3cret"},"type":"connection_init"}"#))
        #expect(!same("auth ••••••", "login tok-9f8e"))
        // Unmasked messages compare as before: the same text, or the same JSON.
        #expect(same(#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#) && !same("hello", "hullo"))
    }
}
