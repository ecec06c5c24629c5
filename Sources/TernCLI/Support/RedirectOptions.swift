import Tern

/// `--no-follow` and `--max-redirects N`, as a redirect policy over the specs' and the workspace's.
enum RedirectOptions {
    /// The policy the two options ask for, `nil` when neither is given.
    static func policy(noFollow: Bool, maximum: Int?) throws -> RedirectPolicy? {
        if let maximum, !(0...RedirectPolicy.maximumHops).contains(maximum) {
            throw CommandFailure.usage("--max-redirects must be from 0 to \(RedirectPolicy.maximumHops)")
        }
        if noFollow {
            if maximum != nil { throw CommandFailure.usage("--no-follow and --max-redirects contradict each other") }
            return .never
        }
        return maximum.map { RedirectPolicy(follow: true, maximum: $0) }
    }
}
