extension JSONTokenizer {
    /// Where `bytes` stop being one JSON document (RFC 8259): the offset of the first byte or token
    /// that cannot be there (the end, for a truncated document), or `nil` when they are one.
    package static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var tokens = JSONTokenizer(bytes)
        var grammar = Grammar()
        do {
            while let token = try tokens.next() {
                guard grammar.accept(token) else { return tokens.tokenStart }
            }
        } catch .unexpectedByte(let offset) {
            return offset
        } catch {
            return bytes.count
        }
        return grammar.isComplete ? nil : bytes.count
    }

    /// What may come next in a document, with the containers open around it.
    private struct Grammar {
        private enum Expecting {
            case value, valueOrClose, key, keyOrClose, colon, commaOrClose, nothing
        }

        private var expecting = Expecting.value
        /// The open containers, `true` for an object.
        private var stack: [Bool] = []

        /// Whether the document has ended.
        var isComplete: Bool { expecting == .nothing }

        /// Takes `token`; `false` when it cannot come here.
        mutating func accept(_ token: Token) -> Bool {
            switch (expecting, token) {
            case (.value, .beginObject), (.valueOrClose, .beginObject):
                stack.append(true)
                expecting = .keyOrClose
            case (.value, .beginArray), (.valueOrClose, .beginArray):
                stack.append(false)
                expecting = .valueOrClose
            case (.value, .string), (.value, .scalar), (.valueOrClose, .string), (.valueOrClose, .scalar):
                valueEnded()
            case (.key, .string), (.keyOrClose, .string):
                expecting = .colon
            case (.colon, .colon):
                expecting = .value
            case (.commaOrClose, .comma):
                expecting = stack.last == true ? .key : .value
            case (.keyOrClose, .endObject), (.valueOrClose, .endArray):
                // Only an object expects a key and only an array a value-or-close: the bracket matches.
                stack.removeLast()
                valueEnded()
            case (.commaOrClose, .endObject), (.commaOrClose, .endArray):
                guard stack.last == (token == .endObject) else { return false }
                stack.removeLast()
                valueEnded()
            default:
                return false
            }
            return true
        }

        private mutating func valueEnded() {
            expecting = stack.isEmpty ? .nothing : .commaOrClose
        }
    }
}
