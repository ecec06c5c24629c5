/// Where a response came from: the network, the storage, or the endpoint's sample data.
public enum ResponseSource: String, Sendable, Hashable, Codable, CaseIterable {
    case live
    case cache
    case sample
}
