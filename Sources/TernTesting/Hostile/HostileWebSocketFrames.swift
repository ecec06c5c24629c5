import Crypto
import Foundation

/// The little of RFC 6455 a `HostileServer` speaks: the upgrade's answer and unmasked server frames.
enum HostileWebSocketFrames {
    /// `101 Switching Protocols` for the upgrade request `head`, with its key answered; `nil` when it
    /// has no `Sec-WebSocket-Key`.
    static func upgrade(answering head: Data) -> String? {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        guard
            let key = lines.lazy.compactMap({ line -> Substring? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "sec-websocket-key" else { return nil }
                return parts[1].drop(while: { $0 == " " })
            }).first
        else { return nil }
        let digest = Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
        let accept = Data(digest).base64EncodedString()
        return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept)\r\n\r\n"
    }

    /// A server frame (unmasked) with `opcode` and `payload`.
    static func frame(opcode: UInt8, fin: Bool, payload: [UInt8]) -> Data {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126:
            frame.append(UInt8(payload.count))
        case ..<65_536:
            frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(127)
            frame += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
        }
        return Data(frame + payload)
    }
}
