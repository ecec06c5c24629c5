import Foundation
import Tern

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
                let rendered = try renderJSON(value, at: path + "/json")
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                let data = (try? encoder.encode(rendered)) ?? Data()
                lowered.append(.text(String(decoding: data, as: UTF8.self)))
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
}
