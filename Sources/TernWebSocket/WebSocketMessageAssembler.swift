import Foundation
package import Tern

/// Puts the server's data frames together into messages: the one place a message is assembled,
/// and where its limit is kept. A message costs its bytes plus `frameOverhead` for every frame after
/// its first, so a flood of tiny continuation frames (or empty ones, which add no bytes at all)
/// reaches the limit long before the frames cost memory; the bytes themselves are copied out of the
/// frames as they come, so no frame's read buffer is held.
package struct WebSocketMessageAssembler: Sendable {
    /// A data frame's opcode.
    package enum Opcode: Sendable {
        case text
        case binary
        case continuation
    }

    /// Why the frames make no message: the conversation ends with the code each maps to.
    package enum Failure: Error, Sendable, Equatable {
        /// The message would cost more than the limit (1009).
        case tooBig
        /// A text message that is not UTF-8 (1007).
        case notUTF8
        /// Frames out of order: a continuation with no message begun, or a new message before the
        /// last one ended (1002).
        case outOfOrder(String)
    }

    /// What each frame after a message's first costs against the limit, besides its bytes: about what
    /// one frame costs to receive and hold, whatever its size.
    package static let frameOverhead = 64

    /// The most a message may cost.
    package let limit: Int
    /// Whether a text message that is not UTF-8 is refused (else its bad bytes become U+FFFD).
    package let validatesUTF8: Bool
    private var kind: Opcode?
    private var bytes: [UInt8] = []
    private var cost = 0

    package init(limit: Int, validatesUTF8: Bool = true) {
        self.limit = max(0, limit)
        self.validatesUTF8 = validatesUTF8
    }

    /// Takes one data frame; returns the message it completes, if any.
    package mutating func take(
        _ opcode: Opcode, fin: Bool, payload: some Collection<UInt8>
    ) throws(Failure) -> Tern.WebSocketMessage? {
        switch (opcode, kind) {
        case (.continuation, nil):
            throw .outOfOrder("a continuation frame with no message begun")
        case (.text, .some), (.binary, .some):
            throw .outOfOrder("a new message before the last one ended")
        case (.continuation, .some):
            cost += Self.frameOverhead
        case (.text, nil), (.binary, nil):
            kind = opcode
        }
        let count = payload.count
        guard count <= limit, cost <= limit - count else { throw .tooBig }
        cost += count
        bytes.append(contentsOf: payload)
        guard fin else { return nil }
        defer {
            kind = nil
            bytes = []
            cost = 0
        }
        if kind == .binary { return .binary(Data(bytes)) }
        if validatesUTF8 {
            guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
            return .text(text)
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
