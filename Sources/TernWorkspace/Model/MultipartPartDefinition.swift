/// One part of a `multipart:` body: a `name` and either a `value` or a `file`.
public struct MultipartPartDefinition: Sendable, Equatable {
    /// The form field name.
    public var name: String
    /// A text value (templated); exclusive with `file`.
    public var value: String?
    /// A file path relative to the workspace root (templated); exclusive with `value`.
    public var file: String?
    /// The part's `Content-Type` (files default to `application/octet-stream`).
    public var contentType: String?
    /// The file name sent for a `file` part (default: the file's own name).
    public var filename: String?

    /// Makes a part; give exactly one of `value` and `file`.
    public init(
        name: String, value: String? = nil, file: String? = nil, contentType: String? = nil, filename: String? = nil
    ) {
        self.name = name
        self.value = value
        self.file = file
        self.contentType = contentType
        self.filename = filename
    }
}
