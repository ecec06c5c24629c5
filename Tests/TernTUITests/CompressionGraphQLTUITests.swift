import Foundation
import HTTPTypes
import TernScreen
import Testing

@testable import Tern
@testable import TernExplorer
@testable import TernTUI

/// The response pane's encoding and the `.graphql` editor file.
@Suite struct CompressionGraphQLTUITests {
    @Test func theResponsePaneShowsTheCodingAndBothSizes() throws {
        var response = Response(
            status: .ok, headers: [.contentType: "application/json", .contentEncoding: "gzip"],
            body: Data("{}".utf8), request: Request(url: try #require(URL(string: "http://127.0.0.1:1/gzip"))),
            timing: .init(start: fixedNow, duration: .milliseconds(12)))
        response.contentDecoding = ContentDecoding(encoding: "gzip", encodedByteCount: 3100, decodedByteCount: 48_000)
        let view = ResponseView.make(response, title: "http/gzip")
        #expect(view.summary(now: fixedNow).line == "200 OK · LIVE · 12 ms · gzip 3.1 KB → 48.0 KB")
        var state = Fixtures.state(width: 180, height: 40)
        state.responsePane.view = view
        #expect(App.view(state).text.contains("gzip 3.1 KB → 48.0 KB"))
    }

    @Test func aGraphQLBodyOpensAsAGraphQLFile() {
        var detail = Fixtures.getUser
        detail.body = "query { users { id } }"
        detail.bodyKind = "graphql"
        #expect(EditorJob.body(of: detail).fileExtension == "graphql")
        #expect(EditorJob.body(of: Fixtures.getUser).fileExtension == "txt")
        var state = AppState(size: Size(width: 100, height: 30), now: fixedNow)
        _ = App.update(&state, .snapshot(Fixtures.snapshot(selected: detail)))
        let effects = press([.character(":")] + typing("body edit") + [.enter], &state)
        #expect(effects == [.openEditor(EditorJob.body(of: detail))])
    }
}
