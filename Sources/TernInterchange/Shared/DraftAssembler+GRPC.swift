import Foundation
import Tern
import TernWorkspace

extension DraftAssembler {
    /// The specs of gRPC drafts, each on a target for its server and settings: the group's name when no HTTP
    /// target took it, else `GROUP-grpc`, then `GROUP-grpc-2`, … (one per distinct server and settings).
    static func grpcSpecs(
        _ drafts: [RequestDraft], targets: inout [WorkspaceTarget], context: ImportContext
    ) -> [ImportedSpec] {
        var specs: [ImportedSpec] = []
        var made: [WorkspaceTarget] = []
        for draft in drafts {
            guard var call = draft.grpc else { continue }
            var wanted = draft.grpcTarget ?? WorkspaceTarget(name: "", baseURL: draft.url)
            wanted.baseURL = draft.url
            let name: String
            if let known = made.first(where: { sameSettings($0, wanted) }) {
                name = known.name
            } else {
                let taken = Set(targets.map(\.name))
                var candidate = taken.contains(context.group) ? "\(context.group)-grpc" : context.group
                var number = 1
                while taken.contains(candidate) {
                    number += 1
                    candidate = "\(context.group)-grpc-\(number)"
                }
                wanted.name = candidate
                made.append(wanted)
                targets.append(wanted)
                name = candidate
            }
            call.metadata = draft.headers.filter { !$0.disabled }.map {
                GRPCDefinition.Entry(name: $0.name, value: $0.value)
            }
            var definition = SpecDefinition(name: draft.name, target: name, method: "POST", path: "")
            definition.grpc = call
            definition.capture = draft.capture
            definition.expect = draft.expect
            if !draft.notes.isEmpty {
                definition.notes = "Not run by Tern (kept from the source):\n" + draft.notes.joined(separator: "\n")
            }
            var imported = ImportedSpec(folders: draft.folders, fileName: draft.name, spec: definition)
            imported.key = draft.key
            imported.requires = draft.requires
            specs.append(imported)
        }
        return specs
    }

    /// Whether two targets differ only by name.
    private static func sameSettings(_ lhs: WorkspaceTarget, _ rhs: WorkspaceTarget) -> Bool {
        var renamed = rhs
        renamed.name = lhs.name
        return lhs == renamed
    }
}
