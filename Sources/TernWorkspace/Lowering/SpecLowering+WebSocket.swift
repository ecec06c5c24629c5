import Foundation
public import Tern

extension SpecLowering {
    /// `websocket.messages` rendered: text as is, JSON compact with sorted keys, binary decoded from base64.
    func lowerMessages(_ messages: [WebSocketDefinition.Message]) throws(WorkspaceError) -> [WebSocketMessage] {
        var lowered: [WebSocketMessage] = []
        for (index, message) in messages.enumerated() {
            let path = "websocket/messages/\(index)"
            switch message {
            case .text(let text):
                lowered.append(.text(try render(text, at: path)))
            case .json(let value):
                lowered.append(.text(Self.compactJSON(try renderJSON(value, at: path + "/json"))))
            case .binary(let base64):
                let text = try render(base64, at: path)
                guard let data = Data(base64Encoded: text) else {
                    throw WorkspaceError(
                        .invalidValue, "message \(index + 1)'s 'binary' is not base64 once rendered", file: file,
                        at: spec.layout[location: path])
                }
                lowered.append(.binary(data))
            }
        }
        return lowered
    }

    /// A JSON message as it is sent: compact, keys sorted.
    static func compactJSON(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }

    /// A spec's `websocket.sample` as a transcript: its messages as written (JSON compact, keys sorted).
    static func transcript(of sample: [WebSocketDefinition.SampleMessage], url: String) -> WebSocketTranscript {
        let frames = sample.map { item -> WebSocketTranscript.Frame in
            let message: WebSocketMessage
            switch item.message {
            case .text(let text): message = .text(text)
            case .json(let value): message = .text(compactJSON(value))
            case .binary(let base64): message = .binary(Data(base64Encoded: base64) ?? Data())
            }
            return .init(direction: item.direction, message: message, offset: 0)
        }
        return WebSocketTranscript(
            url: url, openedAt: Date(timeIntervalSince1970: 0), frames: frames,
            close: WebSocketClose(code: .normal, initiator: .received))
    }
}

extension WebSocketDefinition {
    /// `sample` as the transcript `sample` mode replays and `tern mock` serves.
    public func sampleTranscript(url: String) -> WebSocketTranscript {
        SpecLowering.transcript(of: sample, url: url)
    }
}
