import Foundation
import TernJSONPath
import Testing

/// The example of docs/jsonpath.md, as written there.
@Suite("docs/jsonpath.md example")
struct DocExampleTests {
    @Test("the example selects the cheap book's title with its normalized path")
    func example() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let data = Data(
            #"{"store": {"book": [{"title": "Sayings", "price": 8.95}, {"title": "Moby Dick", "price": 22.99}]}}"#.utf8)
        let document = try JSONPathValue(decoding: data)  // exact integers, ordered members, depth cap 512
        let path = try JSONPath("$.store.book[?@.price < 10].title")
        for node in try path.select(in: document) {  // throws past JSONPathLimits (1,000,000 nodes)
            print(node.path, node.value.jsonText)  // $['store']['book'][0]['title'] "Sayings"
        }

        #expect(printed == [#"$['store']['book'][0]['title'] "Sayings""#])
    }
}
