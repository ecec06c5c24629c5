import TernWorkspace

extension CurlMapper {
    /// The `auth:` block curl's own authentication options ask for, its secrets moved to the environment:
    /// `--oauth2-bearer` is `bearer`; `-u` (or URL user info) is `basic`, `digest` with `--digest`, or `aws`
    /// with `--aws-sigv4`. `nil` when the command sends no credentials of curl's own.
    ///
    /// `sessionToken` is an `X-Amz-Security-Token` header's value, which `aws` signs as its session token.
    mutating func auth(
        for invocation: CurlInvocation, userInfo: String?, host: String, sessionToken: String?, item: String
    ) -> AuthDefinition? {
        if let token = invocation.bearer {
            if invocation.user != nil || userInfo != nil {
                warnings.append("\(item): --oauth2-bearer wins over -u, as in curl; the user is not imported")
            }
            return .bearer(token: secret(token, suggested: "token", item: item))
        }
        guard let user = invocation.user ?? userInfo else {
            if invocation.awsSigV4 != nil {
                warnings.append("\(item): --aws-sigv4 without -u KEY:SECRET signs nothing; it is not imported")
            }
            return nil
        }
        let (name, password) = CurlArguments.splitOnce(user, at: ":")
        if let providers = invocation.awsSigV4 {
            return aws(
                providers, accessKey: name, secretKey: password ?? "", host: host, token: sessionToken, item: item)
        }
        if password == nil {
            warnings.append("\(item): -u without a password makes curl ask for one; the spec sends no password")
        }
        let hidden = (password ?? "").isEmpty ? "" : secret(password ?? "", suggested: "password", item: item)
        return invocation.digest ? .digest(username: name, password: hidden) : .basic(username: name, password: hidden)
    }

    /// `--aws-sigv4 provider1[:provider2[:region[:service]]]` with `-u KEY:SECRET`: as curl, a missing service
    /// and region are the first two labels of the host (`sqs.eu-west-1.amazonaws.com`).
    private mutating func aws(
        _ providers: String, accessKey: String, secretKey: String, host: String, token: String?, item: String
    ) -> AuthDefinition? {
        let fields = providers.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard fields.first?.lowercased() == "aws", fields.count < 2 || fields[1].lowercased() == "amz" else {
            warnings.append(
                "\(item): --aws-sigv4 '\(providers.prefix(40))' signs for another provider than AWS; not imported")
            return nil
        }
        let labels = (CurlArguments.splitOnce(host, at: ":").0).split(separator: ".").map(String.init)
        var region = fields.count > 2 && !fields[2].isEmpty ? fields[2] : nil
        var service = fields.count > 3 && !fields[3].isEmpty ? fields[3] : nil
        if service == nil, labels.count > 1 {
            service = labels[0]
            if region == nil, labels.count > 2 { region = labels[1] }
        }
        guard let region, let service else {
            warnings.append(
                "\(item): --aws-sigv4 names no region or service and the host does not say them; not imported")
            return nil
        }
        return .aws(
            accessKey: secret(accessKey, suggested: "aws_access_key_id", item: item),
            secretKey: secret(secretKey, suggested: "aws_secret_access_key", item: item),
            sessionToken: token.map { secret($0, suggested: "aws_session_token", item: item) },
            region: region, service: service)
    }
}
