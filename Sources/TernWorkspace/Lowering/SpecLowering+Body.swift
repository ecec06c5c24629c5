import Foundation
import Tern

extension SpecLowering {
    /// The body as an `HTTPBody`, templated; file paths are relative to the workspace root.
    func lowerBody(_ body: BodyDefinition) throws(WorkspaceError) -> HTTPBody {
        switch body {
        case .json(let value):
            return .json(try renderJSON(value, at: "body/json"))
        case .form(let pairs):
            return .form(try formFields(pairs), arrayEncoding: .individual)
        case .text(let text):
            return .text(try render(text, at: "body/text"))
        case .file(let path):
            return .file(try existingFile(try render(path, at: "body/file"), at: "body/file"))
        case .multipart(let parts):
            var lowered: [MultipartForm.Part] = []
            for (index, part) in parts.enumerated() {
                lowered.append(try multipartPart(part, at: "body/multipart/\(index)"))
            }
            return .multipart(lowered)
        case .graphql(let graphQL):
            let variables = try graphQL.variables.map { value throws(WorkspaceError) in
                try renderJSON(value, at: "body/graphql/variables")
            }
            return .json(graphQL.document(variables: variables))
        }
    }

    /// Form pairs as parameters; a name given twice becomes a repeated field.
    private func formFields(_ pairs: [(name: String, value: String)]) throws(WorkspaceError) -> QueryParameters {
        var order: [String] = []
        var values: [String: [JSONValue]] = [:]
        for pair in pairs {
            let value = JSONValue.string(try render(pair.value, at: "body/form/" + pair.name))
            if values[pair.name] == nil { order.append(pair.name) }
            values[pair.name, default: []].append(value)
        }
        var parameters = QueryParameters()
        for name in order {
            let list = values[name] ?? []
            parameters.set(name, list.count == 1 ? list[0] : .array(list))
        }
        return parameters
    }

    private func multipartPart(_ part: MultipartPartDefinition, at path: String) throws(WorkspaceError)
        -> MultipartForm.Part
    {
        if let filePath = part.file {
            let url = try existingFile(try render(filePath, at: path + "/file"), at: path + "/file")
            return .file(
                part.name, url,
                filename: try part.filename.map { name throws(WorkspaceError) in
                    try render(name, at: path + "/filename")
                }, contentType: part.contentType ?? "application/octet-stream")
        }
        var field = MultipartForm.Part.field(part.name, try render(part.value ?? "", at: path + "/value"))
        field.contentType = part.contentType
        return field
    }

    /// A file path relative to the workspace root (or absolute) that must name a readable file;
    /// returned absolute with `..` resolved, as `show` prints it.
    private func existingFile(_ path: String, at field: String) throws(WorkspaceError) -> URL {
        let url = workspace.resolvedBodyFile(path)
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw WorkspaceError(
                .invalidRequest, "the body file '\(path)' does not exist (looked for \(url.path))",
                file: file, at: spec.layout[location: field]
            )
        }
        // Only a regular file is a body: a FIFO would block the send and a device never end.
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw WorkspaceError(
                .invalidRequest,
                "the body file '\(path)' is \(RegularFile.kind(info.st_mode)), not a regular file (\(url.path))",
                file: file, at: spec.layout[location: field]
            )
        }
        return url
    }
}
