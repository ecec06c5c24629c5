import Foundation
import HTTPTypes
package import Tern

/// A request as the faces show it: `GET http://…` and its header lines, with secrets masked and the
/// mask shown as `••••••` rather than percent-encoded.
package struct RequestLines: Sendable, Hashable {
    /// One header as shown.
    package struct Header: Sendable, Hashable {
        /// The field name as written, `Content-Type`.
        package var name: String
        /// The value, secrets masked.
        package var value: String
        /// `Content-Type: application/json`.
        package var text: String { "\(name): \(value)" }
    }

    /// `GET http://127.0.0.1:8787/users/1`.
    package var requestLine: String
    /// The headers in order.
    package var headers: [Header]

    /// The lines of `request`, masking `secretValues` (the values of `{{env:…}}`) wherever they appear.
    /// The request's `authentication` is shown as the header (or query item) it stands for, its secrets masked.
    package init(_ request: Request, secretValues: [String] = []) {
        let redactor = SecretBook.redactor(
            hiding: secretValues + AuthenticationDisplay.secretValues(of: request.authentication))
        let url = redactor.redact(url: request.url).replacingOccurrences(of: Redactor.encodedMask, with: Redactor.mask)
        requestLine = "\(request.method.rawValue) \(url)" + (AuthenticationDisplay.pendingQuery(of: request) ?? "")
        headers = request.headers.map { Header(name: $0.name.rawName, value: redactor.redact($0.value)) }
        if let pending = AuthenticationDisplay.pendingHeader(of: request) {
            headers.append(Header(name: pending.name, value: pending.value))
        }
    }

    /// The request line, then one line per header.
    package var lines: [String] {
        [requestLine] + headers.map(\.text)
    }
}
