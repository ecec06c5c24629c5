import TernWorkspace

extension CompletionVocabulary {
    /// What Tab completes to in `workspace` seen through `edits`, with the session's `variables`: specs,
    /// environments, header names and variable names.
    init(_ workspace: Workspace, edits: SpecEdits, variables sessionVariables: [String]) {
        let entries = workspace.specs.map(edits.current)
        var fileNameCounts: [String: Int] = [:]
        for entry in entries { fileNameCounts[entry.fileName, default: 0] += 1 }
        let uniqueFileNames = entries.map(\.fileName).filter {
            fileNameCounts[$0] == 1 && !workspace.specIDs.contains($0)
        }
        let specs = entries.map(\.id) + uniqueFileNames

        var headers = CompletionVocabulary.commonHeaders
        var knownHeaders = Set(headers.map { $0.lowercased() })
        let used =
            workspace.targets.values.flatMap { $0.headers.map(\.name) }
            + entries.flatMap { $0.spec.headers.map(\.name) }
        for name in used.sorted() where knownHeaders.insert(name.lowercased()).inserted {
            headers.append(name)
        }

        var variables = Set(sessionVariables)
        for environment in workspace.environments.values {
            variables.formUnion(environment.variables.map(\.name))
        }
        self.init(
            specs: specs.sorted(), environments: workspace.environments.keys.sorted(), headers: headers.sorted(),
            variables: variables.sorted()
        )
        targets = workspace.targets.keys.sorted()
        (graphQLTypes, graphQLFields, graphQLArguments) = GraphQLSchemas.knownNames(in: workspace)
    }
}
