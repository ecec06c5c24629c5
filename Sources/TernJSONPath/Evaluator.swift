/// A node during evaluation: a value and a shared link to its path.
struct Node {
    let value: JSONPathValue
    let path: PathLink?

    /// A child of this node with `value`, one `element` further down.
    func child(_ value: JSONPathValue, at element: NormalizedPath.Element) -> Node {
        Node(value: value, path: PathLink(parent: path, element: element))
    }
}

/// Evaluates queries against one document, counting work against `JSONPathLimits`.
struct Evaluator {
    let root: JSONPathValue
    let limits: JSONPathLimits
    var visited = 0
    var regexSteps = 0
    var regexCache: [String: IRegexp?] = [:]

    init(root: JSONPathValue, limits: JSONPathLimits) {
        self.root = root
        self.limits = limits
    }

    /// Applies the segments of `query` starting at the root (`$`) or `current` (`@`).
    mutating func select(_ query: Query, current: Node) throws -> [Node] {
        var nodes = [query.isAbsolute ? Node(value: root, path: nil) : current]
        for segment in query.segments {
            var output: [Node] = []
            for node in nodes {
                if segment.isDescendant {
                    for descendant in try descendants(of: node) {
                        try apply(segment.selectors, to: descendant, into: &output)
                    }
                } else {
                    try apply(segment.selectors, to: node, into: &output)
                }
            }
            nodes = output
            if nodes.isEmpty { break }
        }
        return nodes
    }

    /// The node and all its descendants in document pre-order (iterative, so depth cannot overflow the stack).
    private mutating func descendants(of node: Node) throws -> [Node] {
        var result: [Node] = []
        var stack = [node]
        while let next = stack.popLast() {
            try count(1)
            result.append(next)
            let children = self.children(of: next)
            stack.append(contentsOf: children.reversed())
        }
        return result
    }

    private func children(of node: Node) -> [Node] {
        switch node.value {
        case .array(let elements):
            return elements.enumerated().map { node.child($1, at: .index($0)) }
        case .object(let object):
            return object.members.map { node.child($0.value, at: .name($0.key)) }
        default:
            return []
        }
    }

    /// Counts `amount` visited nodes against the budget.
    mutating func count(_ amount: Int) throws {
        visited += amount
        guard visited <= limits.maxVisitedNodes else {
            throw JSONPathError(
                kind: .limitExceeded,
                message: "query visited more than \(limits.maxVisitedNodes) nodes")
        }
    }

    private mutating func apply(_ selectors: [Selector], to node: Node, into output: inout [Node]) throws {
        for selector in selectors {
            let before = output.count
            try apply(selector, to: node, into: &output)
            try count(output.count - before)
        }
    }

    private mutating func apply(_ selector: Selector, to node: Node, into output: inout [Node]) throws {
        switch selector {
        case .name(let name):
            if case .object(let object) = node.value, let value = object[name] {
                output.append(node.child(value, at: .name(name)))
            }
        case .wildcard:
            output.append(contentsOf: children(of: node))
        case .index(let index):
            guard case .array(let elements) = node.value else { return }
            let position = index < 0 ? elements.count + index : index
            if position >= 0, position < elements.count {
                output.append(node.child(elements[position], at: .index(position)))
            }
        case .slice(let start, let end, let step):
            guard case .array(let elements) = node.value else { return }
            for position in Evaluator.sliceIndices(count: elements.count, start: start, end: end, step: step) {
                output.append(node.child(elements[position], at: .index(position)))
            }
        case .filter(let expression):
            for child in children(of: node) {
                try count(1)
                if try test(expression, current: child) { output.append(child) }
            }
        }
    }

    /// The indices selected by `[start:end:step]` on an array of `count` elements (RFC 9535 section 2.3.4.2.2).
    static func sliceIndices(count: Int, start: Int?, end: Int?, step: Int?) -> [Int] {
        let step = step ?? 1
        guard step != 0, count > 0 else { return [] }
        func normalize(_ index: Int) -> Int { index >= 0 ? index : count + index }
        var indices: [Int] = []
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            var index = lower
            while index < upper {
                indices.append(index)
                index += step
            }
        } else {
            let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
            let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
            var index = upper
            while lower < index {
                indices.append(index)
                index += step
            }
        }
        return indices
    }
}
