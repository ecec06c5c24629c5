import Tern

/// The resources of an export indexed by id and parent, checked for `parentId` cycles.
struct InsomniaTree {
    /// The parent key of resources whose parent is missing (`__WORKSPACE_ID__` in single-request exports).
    static let orphans = "\u{0}orphans"
    /// The deepest folder nesting read.
    static let maximumDepth = 100

    /// Every resource, in source order.
    let resources: [JSONNode]
    /// The workspaces, in source order.
    let workspaces: [JSONNode]
    /// Children by parent id, ordered by `metaSortKey` then source order.
    let children: [String: [JSONNode]]

    /// Indexes `resources`; a resource that is not an object or a cycle of parents is an error.
    init(_ resources: [JSONNode]) throws(ImportError) {
        var parentOf: [String: String] = [:]
        var pointerOf: [String: String] = [:]
        var ids: Set<String> = []
        var workspaces: [JSONNode] = []
        for resource in resources {
            guard resource.isObject else {
                throw ImportError("a resource must be an object, not \(resource.kind)", at: resource.pointer)
            }
            guard let id = resource.text("_id") else { continue }
            ids.insert(id)
            if resource.text("_type") == "workspace" { workspaces.append(resource) }
            if let parent = resource.text("parentId") {
                parentOf[id] = parent
                pointerOf[id] = resource.pointer + "/parentId"
            }
        }
        var byParent: [String: [(key: Double, index: Int, node: JSONNode)]] = [:]
        for (index, resource) in resources.enumerated() where resource.text("_type") != "workspace" {
            guard resource.text("_id") != nil else { continue }
            var parent = resource.text("parentId") ?? Self.orphans
            if !ids.contains(parent) { parent = Self.orphans }
            byParent[parent, default: []].append((Self.sortKey(resource), index, resource))
        }
        try Self.checkCycles(parentOf: parentOf, pointerOf: pointerOf)
        self.resources = resources
        self.workspaces = workspaces
        self.children = byParent.mapValues { list in
            list.sorted { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.node)
        }
    }

    private static func sortKey(_ resource: JSONNode) -> Double {
        switch resource["metaSortKey"]?.value {
        case .int(let value): Double(value)
        case .double(let value) where value.isFinite: value
        default: 0
        }
    }

    /// Follows each chain of parents once (linear): reaching a resource of the chain again is a cycle.
    private static func checkCycles(parentOf: [String: String], pointerOf: [String: String]) throws(ImportError) {
        var done: Set<String> = []
        for start in parentOf.keys.sorted() where !done.contains(start) {
            var chain: [String] = []
            var onChain: Set<String> = []
            var current: String? = start
            while let id = current, !done.contains(id) {
                if !onChain.insert(id).inserted {
                    let cycle = chain.drop(while: { $0 != id }) + [id]
                    throw ImportError(
                        "parentId cycle: \(cycle.joined(separator: " → "))", at: pointerOf[id] ?? "#/resources")
                }
                chain.append(id)
                current = parentOf[id]
            }
            done.formUnion(chain)
        }
    }
}
