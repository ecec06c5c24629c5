import Foundation
import Tern
import TernWorkspace
import Testing

@testable import TernExplorer

/// The graphql-transport-ws policy on its own, one server message at a time: what Tern answers, what it
/// shows, and when it ends (the protocol end to end is tested against Strawberry in the CLI suite).
@Suite struct GraphQLSubscriptionTests {
    typealias Subscription = GraphQLSubscription

    func step(
        _ text: String, _ progress: inout Subscription.Progress, until: WebSocketDefinition.Until = .default
    ) -> Subscription.Step {
        Subscription.step(.text(text), progress: &progress, until: until)
    }

    @Test func theAcknowledgementSendsTheOperationAndPingsArePonged() {
        var progress = Subscription.Progress()
        progress.subscribe = #"{"id":"1","payload":{"query":"subscription { a }"},"type":"subscribe"}"#
        let acknowledged = step(#"{"type":"connection_ack"}"#, &progress)
        #expect(acknowledged.replies == [progress.subscribe])
        #expect(acknowledged.subscribed && !acknowledged.ends && progress.acknowledged)
        let ping = step(#"{"type":"ping","payload":{"at":1}}"#, &progress)
        #expect(ping.replies == [#"{"type":"pong"}"#])
        #expect(step(#"{"type":"pong"}"#, &progress).replies.isEmpty)
    }

    @Test func eachNextShowsItsPayloadAndUntilEndsWithComplete() {
        var progress = Subscription.Progress()
        let until = WebSocketDefinition.Until(received: 2)
        let first = step(#"{"id":"1","type":"next","payload":{"data":{"n":3}}}"#, &progress, until: until)
        #expect(first.payload == #"{"data":{"n":3}}"#)
        #expect(first.replies.isEmpty && !first.ends)
        let second = step(#"{"id":"1","type":"next","payload":{"data":{"n":2}}}"#, &progress, until: until)
        #expect(second.replies == [#"{"id":"1","type":"complete"}"#] && second.ends)
        #expect(progress.payloads.count == 2 && progress.errors.isEmpty && !progress.completed)
    }

    @Test func errorsAreKeptAndTheServersCompleteEndsIt() throws {
        var progress = Subscription.Progress()
        _ = step(#"{"id":"1","type":"next","payload":{"data":null,"errors":[{"message":"broke"}]}}"#, &progress)
        #expect(step(#"{"id":"1","type":"complete"}"#, &progress).ends)
        #expect(progress.completed && progress.errors.count == 1)
        let summary = try JSONDecoder().decode(JSONValue.self, from: Subscription.summary(progress))
        #expect(
            summary
                == .object([
                    "messages": .array([.object(["data": .null, "errors": .array([.object(["message": "broke"])])])]),
                    "count": .int(1), "complete": .bool(true),
                    "errors": .array([.object(["message": "broke"])]),
                ]))
        #expect(GraphQLAnswer.errors(in: Subscription.summary(progress)) == ["broke"])
    }

    @Test func anErrorMessageRefusesTheOperation() {
        var progress = Subscription.Progress()
        let refused = step(
            #"{"id":"1","type":"error","payload":[{"message":"Unknown argument 'frm'"},"#
                + #"{"message":"from is required"}]}"#,
            &progress)
        #expect(refused.ends)
        #expect(progress.refusal == "Unknown argument 'frm'; from is required")
    }

    @Test func whatIsNotTheProtocolEndsItWithASentence() {
        var progress = Subscription.Progress()
        #expect(step("hello", &progress).ends)
        #expect(progress.failure?.message == "the server sent a message that is not graphql-transport-ws: hello")
        var other = Subscription.Progress()
        #expect(step(#"{"type":"data","id":"1","payload":{}}"#, &other).ends)
        #expect(
            other.failure?.message.hasPrefix("the server sent 'data', which graphql-transport-ws does not have") == true
        )
    }

    @Test func whichSpecsGoAsConversations() {
        var spec = SpecDefinition(name: "s", method: "POST", path: "/graphql")
        spec.body = .graphql(GraphQLBodyDefinition(query: "subscription { countdown(from: 2) }"))
        let http = URL(string: "http://127.0.0.1:9/graphql")!
        #expect(Subscription.applies(to: spec, url: http))
        spec.body = .graphql(GraphQLBodyDefinition(query: "query { books { title } }"))
        #expect(!Subscription.applies(to: spec, url: http))
        #expect(Subscription.applies(to: spec, url: URL(string: "ws://127.0.0.1:9/graphql")!))
        spec.body = .graphql(
            GraphQLBodyDefinition(query: "query A { a } subscription B { b }", operationName: "B"))
        #expect(Subscription.applies(to: spec, url: http))
        spec.body = .json(.object([:]))
        #expect(!Subscription.applies(to: spec, url: URL(string: "ws://127.0.0.1:9/graphql")!))
    }
}
