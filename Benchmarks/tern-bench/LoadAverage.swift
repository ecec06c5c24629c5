import Foundation

/// How busy the machine is: other work on the two shared cores skews every number.
enum LoadAverage {
    /// The 1, 5 and 15-minute load averages, as `/proc/loadavg` gives them.
    static func now() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
