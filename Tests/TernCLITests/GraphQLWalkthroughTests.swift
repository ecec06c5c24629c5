import Foundation
import TernTesting
import Testing

/// docs/graphql.md's walk-through, run as a reader types it (`Walkthrough`), against Strawberry's bookshop.
@Suite(
    "docs/graphql.md walk-through", .serialized, .timeLimit(.minutes(5)),
    .enabled(if: GraphQLServer.unavailable == nil, "\(GraphQLServer.unavailable ?? "")"))
struct GraphQLWalkthroughTests {
    static let address = "tern graphql http://127.0.0.1:4000/graphql "
    /// What each line prints (stdout and stderr together), by the line's command after `tern graphql URL`.
    static let expectations: [String: [String]] = [
        "schema": ["type Book implements Node {", "addBook(", "@deprecated(reason: "],
        "'{ books(first: 2) { title author { name } } }'": [
            #""title":"The Left Hand of Darkness""#, #""name":"Ursula K. Le Guin""#,
        ],
        "'query($id: ID!) { book(id: $id) { title isbn13 } }' id=book-3": [#""title":"Cosmos""#],
        #"'mutation($b: BookInput!) { addBook(input: $b) { id title } }' "#
            + #"'b:={"title": "Mythos", "authorId": "author-3"}'"#: [#""id":"book-6""#],
        "'{ books { titel } }'": [
            #"query:1:11: Cannot query field "titel" on type "Book". Did you mean "title"?"#, "nothing was sent",
        ],
        #"'{ book(id: "book-9") { title } author(id: "nobody") { name } }'"#: [#""book":null"#],
        "'{ books(first: 2) { title author { name } } }' --mode cache": [#""title":"The Left Hand of Darkness""#],
        "'subscription { countdown(from: 2) }'": [#"{"data":{"countdown":2}}"#, #"{"data":{"countdown":0}}"#],
        "'subscription { countdown(from: 2) }' --mode cache": [
            #"{"data":{"countdown":2}}"#, #"{"data":{"countdown":0}}"#,
        ],
        "'query($id: ID!) { book(id: $id) { title } }'": [
            #"Variable "$id" of required type "ID!" was not provided."#
        ],
    ]

    @Test("every line of docs/graphql.md's walk-through ends as its comment says")
    func walkthroughRuns() async throws {
        try await Walkthrough(
            page: "docs/graphql.md", prefix: Self.address, server: ("scripts/graphql-server.py 4000", 4000),
            expectations: Self.expectations
        ).run()
    }
}
