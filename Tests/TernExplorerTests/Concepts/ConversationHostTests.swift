import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// The conversations concept on its own, where no server is needed: what each command says when no
/// conversation is open, and that `connect` opens WebSocket specs only (the conversations themselves are
/// tested against Python's websockets and Autobahn in the WebSocket suites).
@Suite struct ConversationHostTests {
    @Test func withNoConversationOpenEachCommandSaysHowToOpenOne() async throws {
        try await withFolder { folder in
            let session = try ChainWorkspace.make(in: folder, specs: [:]).session(baseURL: "http://127.0.0.1:9")
            let context = await session.context()
            let host = ConversationHost()
            for action in [Command.ConversationAction.say("hi"), .receive(nil), .ping, .close(nil)] {
                do throws(ExplorerError) {
                    _ = try await host.act(action, context: context)
                    Issue.record("\(action) ran with no conversation open")
                } catch {
                    #expect(error.message == "no conversation is open: connect SPEC opens a WebSocket spec's")
                }
            }
            #expect(host.snapshot(handler: context.handler) == nil)
        }
    }

    @Test func connectOpensWebSocketSpecsOnly() async throws {
        try await withFolder { folder in
            let chain = try ChainWorkspace.make(
                in: folder, specs: ["plain.yaml": "target: api\nmethod: GET\npath: /\n"])
            let context = await (try chain.session(baseURL: "http://127.0.0.1:9")).context()
            do throws(ExplorerError) {
                _ = try await ConversationHost().act(.connect("plain"), context: context)
                Issue.record("an HTTP spec was connected")
            } catch {
                #expect(error.message == "plain is an HTTP spec: connect opens WebSocket specs (send plain sends it)")
            }
        }
    }
}
