/// Names handed out so far, each new one made unique with a counter: `name`, then the numbered
/// forms from 2 (`name_2`, `2-name`, … as the caller spells them). Secrets' environment names,
/// copied files and spec file names are all made unique this way.
struct UniqueNames {
    private var taken: Set<String> = []

    /// The first of `first`, `numbered(2)`, `numbered(3)`, … not handed out yet; it is now.
    mutating func claim(_ first: String, numbered: (Int) -> String) -> String {
        var candidate = first
        var counter = 2
        while !taken.insert(candidate).inserted {
            candidate = numbered(counter)
            counter += 1
        }
        return candidate
    }
}
