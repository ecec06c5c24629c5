/// `--var k=v` style options.
enum NameValuePairs {
    /// `values` as a dictionary (a later pair wins); a value without `=` or with an empty name is a usage error.
    static func parse(_ values: [String], option: String) throws(CommandFailure) -> [String: String] {
        var result: [String: String] = [:]
        for value in values {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw CommandFailure.usage("\(option) '\(value)' is not 'name=value'")
            }
            result[String(value[..<equals])] = String(value[value.index(after: equals)...])
        }
        return result
    }
}
