import Foundation

/// The workspace `tern send` runs on in `send`, `transfer` and `compare`: one target, one
/// environment (`bench`) whose `baseURL` is the benchmark server, and three specs — `get-user` (the
/// demo's small GET, expectations included), `download` (`GET /bytes/N`, streamed to a file) and
/// `upload` (`PUT /upload` of a file).
struct BenchTernWorkspace: Sendable {
    /// The environment every command names.
    static let environment = "bench"

    let root: URL

    /// Writes the workspace into `scratch`.
    init(in scratch: Workspace, base: URL, downloadBytes: Int64, uploadFile: URL) throws {
        try self.init(at: scratch.file("workspace"), base: base, downloadBytes: downloadBytes, uploadFile: uploadFile)
    }

    /// Writes the workspace into the folder `root` (`tern-bench workspace`; scripts/order-file.sh
    /// profiles `tern` on it).
    init(at root: URL, base: URL, downloadBytes: Int64, uploadFile: URL) throws {
        self.root = root
        let files = [
            "workspace.yaml": """
            name: tern-bench
            defaultEnvironment: \(Self.environment)
            targets:
              api:
                baseURL: "{{baseURL}}"
                headers:
                  Accept: application/json
            handler:
              maxRetries: 0
              timeout: 3600
              readTimeout: 60

            """,
            "environments/\(Self.environment).yaml": """
            baseURL: "\(base.absoluteString)"

            """,
            "specs/get-user.yaml": """
            name: Get user
            target: api
            method: GET
            path: /users/2
            storageKey: user-2
            validFor: 600
            expect:
              status: 200
              headers:
                Content-Type: {contains: json}
              json:
                $.id: {type: integer}
                $.name: {type: string}

            """,
            "specs/download.yaml": """
            name: Download
            target: api
            method: GET
            path: /bytes/\(downloadBytes)
            transaction: download

            """,
            "specs/upload.yaml": """
            name: Upload
            target: api
            method: PUT
            path: /upload
            transaction: upload
            body: {file: "\(uploadFile.path)"}

            """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// `tern send SPEC --workspace ROOT --env bench` followed by `extra`, as a person types it.
    func send(_ spec: String, _ extra: [String] = []) -> [String] {
        ["send", spec, "--workspace", root.path, "--env", Self.environment] + extra
    }

    /// `run SPEC --workspace ROOT --env bench` and `extra`.
    func run(_ spec: String, _ extra: [String] = []) -> [String] {
        ["run", spec, "--workspace", root.path, "--env", Self.environment] + extra
    }
}
