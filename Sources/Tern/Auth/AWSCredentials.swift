/// The keys AWS Signature Version 4 signs with.
public struct AWSCredentials: Sendable, Hashable {
    /// The access key id (`AKID…`), sent in clear in the `Credential` scope.
    public var accessKeyID: String
    /// The secret access key; it never leaves the machine.
    public var secretAccessKey: String
    /// The session token of temporary credentials, sent as `X-Amz-Security-Token`.
    public var sessionToken: String?

    /// Makes credentials from an access key pair and an optional session token.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}
