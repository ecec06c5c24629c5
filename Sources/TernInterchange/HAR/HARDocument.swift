import Foundation

/// A HAR 1.2 document (HTTP Archive): what `tern import har`, `cache import` read and `export har`,
/// `cache export` write.
///
/// Decoding is lenient: every field HAR marks optional, and most it marks required, may be missing
/// (a default stands in); only `log.entries`, and each entry's request method and URL and response
/// status, must be there. Encoding writes every required field.
package struct HARDocument: Codable, Sendable, Equatable {
    /// The archive.
    package var log: HARLog

    /// Makes a document.
    package init(log: HARLog) { self.log = log }
}

/// `log`: the creator and the entries.
package struct HARLog: Codable, Sendable, Equatable {
    /// Always "1.2" when written.
    package var version: String
    /// The program that wrote the archive.
    package var creator: HARCreator
    /// The recorded exchanges, oldest first.
    package var entries: [HAREntry]
    /// Entries that could not be read (a request without a URL, a header that is not an object), with
    /// where and why; they are not in `entries`. Never written.
    package var unreadable: [ImportError] = []

    enum CodingKeys: String, CodingKey { case version, creator, entries }

    /// Makes a log.
    package init(version: String = "1.2", creator: HARCreator, entries: [HAREntry]) {
        self.version = version
        self.creator = creator
        self.entries = entries
    }

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        version = try values.decodeIfPresent(String.self, forKey: .version) ?? "1.2"
        creator = try values.decodeIfPresent(HARCreator.self, forKey: .creator) ?? HARCreator(name: "", version: "")
        // One broken entry costs that entry, not the archive: browsers and proxies write odd ones.
        var entries: [HAREntry] = []
        for item in try values.decode([LenientEntry].self, forKey: .entries) {
            switch item.result {
            case .success(let entry): entries.append(entry)
            case .failure(let error): unreadable.append(error)
            }
        }
        self.entries = entries
    }
}

/// One entry read on its own: the entry, or why it cannot be read (with its JSON pointer).
private struct LenientEntry: Decodable {
    let result: Result<HAREntry, ImportError>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try HAREntry(from: decoder))
        } catch let error as DecodingError {
            result = .failure(HARCodec.importError(error) ?? ImportError("this entry is not valid: \(error)"))
        }
    }
}

/// `creator`: a program's name and version.
package struct HARCreator: Codable, Sendable, Equatable {
    /// The program's name.
    package var name: String
    /// The program's version.
    package var version: String

    /// Makes a creator.
    package init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// One request and its response.
package struct HAREntry: Codable, Sendable, Equatable {
    /// When the request started (ISO 8601).
    package var startedDateTime: String
    /// Milliseconds the exchange took (the sum of `timings`).
    package var time: Double
    /// The request.
    package var request: HARRequest
    /// The response.
    package var response: HARResponse
    /// Cache state (always `{}` when written).
    package var cache: [String: String]
    /// Where the time went, in milliseconds.
    package var timings: HARTimings
    /// Tern's own facts: the spec, the environment and the storage key.
    package var tern: HARTernFields?
    /// Chrome's `_resourceType` (`xhr`, `fetch`, `image`, `script`, `websocket`...), when recorded.
    package var resourceType: String?
    /// Chrome's `_webSocketMessages`: a WebSocket conversation's messages, when the entry is one.
    package var webSocketMessages: [HARWebSocketMessage]?

    enum CodingKeys: String, CodingKey {
        case startedDateTime, time, request, response, cache, timings
        case tern = "_tern"
        case resourceType = "_resourceType"
        case webSocketMessages = "_webSocketMessages"
    }

    /// Makes an entry.
    package init(
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

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        startedDateTime = try values.decodeIfPresent(String.self, forKey: .startedDateTime) ?? ""
        time = (try? values.decodeIfPresent(Double.self, forKey: .time)) ?? 0
        request = try values.decode(HARRequest.self, forKey: .request)
        // A request still pending when the browser saved the file has no response: status 0 stands in.
        response =
            try values.decodeIfPresent(HARResponse.self, forKey: .response)
            ?? HARResponse(
                status: 0, statusText: "", headers: [], content: HARContent(size: 0, mimeType: ""), redirectURL: "")
        cache = [:]
        timings = (try? values.decodeIfPresent(HARTimings.self, forKey: .timings)) ?? HARTimings()
        tern = try? values.decodeIfPresent(HARTernFields.self, forKey: .tern)
        resourceType = try? values.decodeIfPresent(String.self, forKey: .resourceType)
        webSocketMessages = try? values.decodeIfPresent([HARWebSocketMessage].self, forKey: .webSocketMessages)
    }
}

/// One message of a recorded WebSocket conversation, as Chrome writes it: `send` or `receive`, the
/// time in seconds since 1970, the opcode (1 text, 2 binary) and the data (base64 for binary).
package struct HARWebSocketMessage: Codable, Sendable, Equatable {
    package var type: String
    package var time: Double
    package var opcode: Int
    package var data: String

    package init(type: String, time: Double, opcode: Int, data: String) {
        self.type = type
        self.time = time
        self.opcode = opcode
        self.data = data
    }
}

/// A name and a value: a header, a query parameter or a cookie.
package struct HARPair: Codable, Sendable, Equatable {
    /// The name.
    package var name: String
    /// The value.
    package var value: String

    /// Makes a pair.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        name = try values.decode(String.self, forKey: .name)
        value = try values.decodeIfPresent(String.self, forKey: .value) ?? ""
    }
}

/// `timings`: send, wait and receive are required; -1 means not known.
package struct HARTimings: Codable, Sendable, Equatable {
    /// Sending the request.
    package var send: Double
    /// Waiting for the first byte.
    package var wait: Double
    /// Reading the response.
    package var receive: Double

    /// Makes timings.
    package init(send: Double = 0, wait: Double = 0, receive: Double = 0) {
        self.send = send
        self.wait = wait
        self.receive = receive
    }
}

/// `_tern`: what ties an entry to the workspace that recorded it.
package struct HARTernFields: Codable, Sendable, Equatable {
    /// The spec id the request was sent from.
    package var spec: String?
    /// The environment it was sent in.
    package var environment: String?
    /// The storage key on the machine that recorded it (its digest only matches there).
    package var key: String?
    /// The spec's explicit storage key, when it has one.
    package var storageKey: String?

    /// Makes the fields.
    package init(spec: String? = nil, environment: String? = nil, key: String? = nil, storageKey: String? = nil) {
        self.spec = spec
        self.environment = environment
        self.key = key
        self.storageKey = storageKey
    }
}
