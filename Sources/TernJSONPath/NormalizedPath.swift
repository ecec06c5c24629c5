/// The RFC 9535 normalized path of a node, e.g. `$['store']['book'][0]`.
public struct NormalizedPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a normalized path.
    public enum Element: Sendable, Hashable {
        /// An object member name.
        case name(String)
        /// A non-negative array index.
        case index(Int)

        /// Names are equal when their Unicode scalars are (no canonical equivalence, as in RFC 9535).
        public static func == (lhs: Element, rhs: Element) -> Bool {
            switch (lhs, rhs) {
            case (.name(let a), .name(let b)): return MemberKey(a) == MemberKey(b)
            case (.index(let a), .index(let b)): return a == b
            default: return false
            }
        }

        /// Hashes consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .name(let name): MemberKey(name).hash(into: &hasher)
            case .index(let index): hasher.combine(index)
            }
        }
    }

    /// The steps from the root, in order (empty for the root itself).
    public let elements: [Element]

    /// Creates a path from its steps.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// The normalized path text: `$` then `['name']` or `[index]` per step (RFC 9535 section 2.7).
    public var description: String {
        var text = "$"
        for element in elements {
            switch element {
            case .index(let index):
                text += "[\(index)]"
            case .name(let name):
                text += "['"
                for scalar in name.unicodeScalars { NormalizedPath.appendEscaped(scalar, to: &text) }
                text += "']"
            }
        }
        return text
    }

    /// normal-escapable = b / f / n / r / t / "'" / "\" / (u normal-hexchar) for U+0000-001F.
    private static func appendEscaped(_ scalar: Unicode.Scalar, to text: inout String) {
        switch scalar {
        case "\u{08}": text += "\\b"
        case "\u{0C}": text += "\\f"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case "'": text += "\\'"
        case "\\": text += "\\\\"
        default:
            if scalar.value < 0x20 {
                text += "\\u00" + JSONPathValue.hexByte(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
    }
}

/// A persistent linked list of path steps, shared between a node and its descendants during evaluation.
final class PathLink: Sendable {
    let parent: PathLink?
    let element: NormalizedPath.Element

    init(parent: PathLink?, element: NormalizedPath.Element) {
        self.parent = parent
        self.element = element
    }

    /// The normalized path ending at `link` (the root path for nil).
    static func path(of link: PathLink?) -> NormalizedPath {
        var elements: [NormalizedPath.Element] = []
        var cursor = link
        while let current = cursor {
            elements.append(current.element)
            cursor = current.parent
        }
        return NormalizedPath(elements.reversed())
    }
}
