import Foundation
import Tern
import TernWorkspace

/// One spec a load sends: its request, resolved once (templates, dependencies' captures), and the
/// expectations its checked answers are held to.
struct LoadTarget: Sendable {
    /// The spec's id.
    var id: String
    /// The label of the data row it was resolved for (`ada`, `row 2`), in a load with `--data`.
    var row: String?
    /// The request, sent as it is every time.
    var request: Request
    /// The spec's expectations, rendered.
    var expectations: [ResponseExpectation]
    /// `SPEC [ROW]`, or the id outside a data load.
    var key: String { row.map { "\(id) [\($0)]" } ?? id }
    /// The workspace folder, which a schema's `$ref`s name files in.
    var root: URL
    /// A gRPC spec's call (made through `GRPCCaller` with the request as its endpoint); `nil` for HTTP.
    var grpc: LoadGRPCCall? = nil
}
