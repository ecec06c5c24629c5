import Foundation

/// A HAR 1.2 document (HTTP Archive): what `cache export` writes and `cache import` reads.
///
/// Decoding is lenient: every field HAR marks optional, and most it marks required, may be missing
/// (a default stands in); only `log.entries`, and each entry's request method and URL and response
/// status, must be there. Encoding writes every required field.
public struct HARDocument: Codable, Sendable, Equatable {
    /// The archive.
    public var log: HARLog

    /// Makes a document.
    public init(log: HARLog) { self.log = log }
}

/// `log`: the creator and the entries.
public struct HARLog: Codable, Sendable, Equatable {
    /// Always "1.2" when written.
    public var version: String
    /// The program that wrote the archive.
    public var creator: HARCreator
    /// The recorded exchanges, oldest first.
    public var entries: [HAREntry]

    /// Makes a log.
    public init(version: String = "1.2", creator: HARCreator, entries: [HAREntry]) {
        self.version = version
        self.creator = creator
        self.entries = entries
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        version = try values.decodeIfPresent(String.self, forKey: .version) ?? "1.2"
        creator = try values.decodeIfPresent(HARCreator.self, forKey: .creator) ?? HARCreator(name: "", version: "")
        entries = try values.decode([HAREntry].self, forKey: .entries)
    }
}

/// `creator`: a program's name and version.
public struct HARCreator: Codable, Sendable, Equatable {
    /// The program's name.
    public var name: String
    /// The program's version.
    public var version: String

    /// Makes a creator.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// One request and its response.
public struct HAREntry: Codable, Sendable, Equatable {
    /// When the request started (ISO 8601).
    public var startedDateTime: String
    /// Milliseconds the exchange took (the sum of `timings`).
    public var time: Double
    /// The request.
    public var request: HARRequest
    /// The response.
    public var response: HARResponse
    /// Cache state (always `{}` when written).
    public var cache: [String: String]
    /// Where the time went, in milliseconds.
    public var timings: HARTimings
    /// Tern's own facts: the spec, the environment and the storage key.
    public var tern: HARTernFields?

    enum CodingKeys: String, CodingKey {
        case startedDateTime, time, request, response, cache, timings
        case tern = "_tern"
    }

    /// Makes an entry.
    public init(
        startedDateTime: String, time: Double = 0, request: HARRequest, response: HARResponse,
        timings: HARTimings = HARTimings(), tern: HARTernFields? = nil
    ) {
        self.startedDateTime = startedDateTime
        self.time = time
        self.request = request
        self.response = response
        self.cache = [:]
        self.timings = timings
        self.tern = tern
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        startedDateTime = try values.decodeIfPresent(String.self, forKey: .startedDateTime) ?? ""
        time = try values.decodeIfPresent(Double.self, forKey: .time) ?? 0
        request = try values.decode(HARRequest.self, forKey: .request)
        response = try values.decode(HARResponse.self, forKey: .response)
        cache = [:]
        timings = (try? values.decodeIfPresent(HARTimings.self, forKey: .timings)) ?? HARTimings()
        tern = try? values.decodeIfPresent(HARTernFields.self, forKey: .tern)
    }
}

/// A name and a value: a header, a query parameter or a cookie.
public struct HARPair: Codable, Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// Makes a pair.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        name = try values.decode(String.self, forKey: .name)
        value = try values.decodeIfPresent(String.self, forKey: .value) ?? ""
    }
}

/// `timings`: send, wait and receive are required; -1 means not known.
public struct HARTimings: Codable, Sendable, Equatable {
    /// Sending the request.
    public var send: Double
    /// Waiting for the first byte.
    public var wait: Double
    /// Reading the response.
    public var receive: Double

    /// Makes timings.
    public init(send: Double = 0, wait: Double = 0, receive: Double = 0) {
        self.send = send
        self.wait = wait
        self.receive = receive
    }
}

/// `_tern`: what ties an entry to the workspace that recorded it.
public struct HARTernFields: Codable, Sendable, Equatable {
    /// The spec id the request was sent from.
    public var spec: String?
    /// The environment it was sent in.
    public var environment: String?
    /// The storage key on the machine that recorded it (its digest only matches there).
    public var key: String?
    /// The spec's explicit storage key, when it has one.
    public var storageKey: String?

    /// Makes the fields.
    public init(spec: String? = nil, environment: String? = nil, key: String? = nil, storageKey: String? = nil) {
        self.spec = spec
        self.environment = environment
        self.key = key
        self.storageKey = storageKey
    }
}
