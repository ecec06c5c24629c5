import Foundation

/// Writes a synthetic workspace of many small specs (for load-time measurements and scale tests).
///
/// Specs are spread over `groupCount` folders and cycle through a few shapes (GET with a query,
/// POST with a JSON body, a form, a sample) so the loader sees realistic variety.
enum WorkspaceGenerator {
    /// Generates the workspace in `root`, which must exist; returns the spec ids written.
    @discardableResult
    static func generate(at root: URL, specCount: Int, groupCount: Int = 100) throws -> [String] {
        let manager = FileManager.default
        try Data(manifest.utf8).write(to: root.appendingPathComponent("workspace.yaml"))
        let environments = root.appendingPathComponent("environments", isDirectory: true)
        try manager.createDirectory(at: environments, withIntermediateDirectories: true)
        try Data("baseURL: http://127.0.0.1:8080\ntoken: secret\n".utf8)
            .write(to: environments.appendingPathComponent("local.yaml"))
        var ids: [String] = []
        ids.reserveCapacity(specCount)
        let groups = max(1, groupCount)
        for group in 0..<min(groups, max(specCount, 1)) {
            let folder = root.appendingPathComponent("specs/group-\(group)", isDirectory: true)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for index in 0..<specCount {
            let group = index % groups
            let id = "group-\(group)/spec-\(index)"
            let file = root.appendingPathComponent("specs/\(id).yaml")
            try Data(spec(index).utf8).write(to: file)
            ids.append(id)
        }
        return ids.sorted()
    }

    static let manifest = """
        name: Generated
        defaultEnvironment: local
        targets:
          api:
            baseURL: "{{baseURL}}"
            headers: { Accept: application/json }
        handler:
          mode: normal
          maxRetries: 2
        """

    /// The text of spec number `index`.
    static func spec(_ index: Int) -> String {
        switch index % 4 {
        case 0:
            return """
                name: List items \(index)
                method: GET
                path: /items/\(index)
                query: { page: 1, tags: [a, b] }
                headers: { Authorization: "Bearer {{token}}" }

                """
        case 1:
            return """
                name: Create item \(index)
                method: POST
                path: /items
                body:
                  json: { name: "item \(index)", size: \(index), active: true }

                """
        case 2:
            return """
                name: Login \(index)
                method: POST
                path: /login
                body: { form: { user: ada, password: "{{token}}" } }
                transaction: data

                """
        default:
            return """
                name: Get item \(index)
                method: GET
                path: /items/\(index)
                validFor: 600
                sample: { status: 200, headers: { Content-Type: application/json }, body: { id: \(index) } }

                """
        }
    }
}
