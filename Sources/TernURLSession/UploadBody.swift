import Foundation
import HTTPTypes
import Tern

/// A request body in the form URLSession uploads: nothing, bytes, or a file (a spooled
/// multipart form is a temporary file, deleted by `cleanUp()`).
enum UploadBody {
    case none
    case data(Data)
    case file(URL, isTemporary: Bool)

    /// Lowers `request.body`; fails before anything is sent when the body cannot be uploaded.
    static func prepare(_ request: Request) throws(TernError) -> UploadBody {
        let label = request.label
        if request.method == .get, !request.body.isEmpty {
            // FoundationNetworking fails such a task with `dataLengthExceedsMaximum`.
            throw TernError(
                .unsupported,
                "URLSession on Linux cannot send a GET with a body; use another method or HTTPClientTransport",
                requestLabel: label)
        }
        switch request.body {
        case .none:
            return .none
        case .data(let data):
            return request.method == .get ? .none : .data(data)
        case .file(let url):
            guard request.body.knownLength != nil else {
                throw TernError(.invalidRequest, "the body file '\(url.path)' cannot be read", requestLabel: label)
            }
            return request.method == .get ? .none : .file(url, isTemporary: false)
        case .multipart(let form):
            guard form.knownLength != nil else {
                throw TernError(.invalidRequest, "a file of the multipart form cannot be read", requestLabel: label)
            }
            return .file(try MultipartSpool.write(form, label: label), isTemporary: true)
        }
    }

    /// The length URLSession will send, `nil` for no body.
    var length: Int64? {
        switch self {
        case .none: nil
        case .data(let data): Int64(data.count)
        case .file(let url, _): RequestBody.file(url).knownLength
        }
    }

    /// Whether upload progress is reported: files and forms always, in-memory data for uploads.
    func reportsProgress(in transaction: Transaction) -> Bool {
        switch self {
        case .none: false
        case .data: transaction == .upload
        case .file: true
        }
    }

    /// Deletes a spooled multipart file.
    func cleanUp() {
        if case .file(let url, isTemporary: true) = self {
            try? FileManager.default.removeItem(at: url)
        }
    }
}
