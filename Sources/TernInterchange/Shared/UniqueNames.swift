/// Names handed out so far, each new one made unique with a counter: `name`, then the numbered
/// forms from 2 (`name_2`, `2-name`, … as the caller spells them). Secrets' environment names,
/// copied files and spec file names are all made unique this way.
struct UniqueNames {
    private var taken: Set<String> = []
    /// For each `first` claimed, the number to try next: the ones below were all taken (names are never
    /// given back), so a thousand claims of one name do not each count up from 2.
    private var nextNumber: [String: Int] = [:]

    /// The first of `first`, `numbered(2)`, `numbered(3)`, … not handed out yet; it is now.
    mutating func claim(_ first: String, numbered: (Int) -> String) -> String {
        if taken.insert(first).inserted { return first }
        var counter = nextNumber[first] ?? 2
        var candidate = numbered(counter)
        while !taken.insert(candidate).inserted {
            counter += 1
            candidate = numbered(counter)
        }
        nextNumber[first] = counter + 1
        return candidate
    }
}
