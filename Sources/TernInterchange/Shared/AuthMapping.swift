import Tern
import TernWorkspace

/// Auth blocks (Postman `auth`, Insomnia `authentication`) as a spec's `auth:` (basic, bearer, API key,
/// digest, AWS) or, for what `auth:` cannot say, the header they send; every credential moved to
/// `{{env:NAME}}`; kinds Tern cannot send become a warning.
enum AuthMapping {
    /// Sets what an auth of `type` with `params` sends on `draft` (an explicit header or query
    /// parameter of the same name wins).
    static func apply(
        type: String, params: [String: String], to draft: inout RequestDraft, context: ImportContext
    ) {
        let item = draft.name
        switch type.lowercased() {
        case "noauth", "none", "":
            return
        case "bearer":
            let prefix = params["prefix"].map { $0.trimmingSpaces } ?? "Bearer"
            let token = context.secret(params["token"] ?? "", label: "token", item: item)
            if prefix == "Bearer" {
                setAuth(.bearer(token: token), header: "Authorization", to: &draft)
            } else {
                addHeader("Authorization", prefix.isEmpty ? token : "\(prefix) \(token)", to: &draft)
            }
        case "basic", "digest":
            let username = params["username"] ?? ""
            let raw = params["password"] ?? ""
            let password = raw.isEmpty ? "" : context.secret(raw, label: "password", item: item)
            let auth: AuthDefinition =
                type.lowercased() == "basic"
                ? .basic(username: username, password: password) : .digest(username: username, password: password)
            setAuth(auth, header: "Authorization", to: &draft)
        case "apikey":
            let key = params["key"] ?? ""
            guard !key.isEmpty else {
                context.warn("\(item): API key authentication without a key name is not imported")
                return
            }
            let value = context.secret(params["value"] ?? "", label: key, item: item)
            let place = (params["in"] ?? params["addTo"] ?? "header").lowercased()
            if place.hasPrefix("query") {
                if !draft.query.contains(where: { !$0.disabled && $0.name == key }) {
                    draft.auth = .apiKey(name: key, value: value, location: .query)
                }
            } else if place == "header" {
                setAuth(.apiKey(name: key, value: value, location: .header), header: key, to: &draft)
            } else {
                context.warn("\(item): API key sent in '\(place)' is not imported")
            }
        case "awsv4", "iam":
            // Postman's `awsv4` (accessKey, secretKey) and Insomnia's `iam` (accessKeyId, secretAccessKey).
            let accessKey = params["accessKey"] ?? params["accessKeyId"] ?? ""
            let secretKey = params["secretKey"] ?? params["secretAccessKey"] ?? ""
            let token = (params["sessionToken"] ?? "").isEmpty ? nil : params["sessionToken"]
            let auth = AuthDefinition.aws(
                accessKey: context.secret(accessKey, label: "aws_access_key_id", item: item),
                secretKey: context.secret(secretKey, label: "aws_secret_access_key", item: item),
                sessionToken: token.map { context.secret($0, label: "aws_session_token", item: item) },
                region: params["region"].flatMap { $0.isEmpty ? nil : $0 } ?? "us-east-1",
                service: params["service"].flatMap { $0.isEmpty ? nil : $0 } ?? "execute-api")
            setAuth(auth, header: "Authorization", to: &draft)
        case "oauth2":
            if let definition = oauth2(params, item: item, context: context) {
                setAuth(.oauth2(definition), header: "Authorization", to: &draft)
                return
            }
            guard let token = params["accessToken"], !token.isEmpty else {
                context.warn("\(item): OAuth 2.0 authentication is not imported; set an Authorization header by hand")
                return
            }
            let prefix = params["headerPrefix"] ?? "Bearer"
            let value = context.secret(token, label: "access_token", item: item)
            addHeader("Authorization", prefix.isEmpty ? value : "\(prefix) \(value)", to: &draft)
            context.warn(
                "\(item): the OAuth 2.0 grant is not one Tern runs; its access token is sent as a bearer token")
        default:
            context.warn("\(item): \(type) authentication is not imported; add its headers by hand")
        }
    }

    /// Postman's (`grant_type`, `authUrl`, `client_authentication`) and Insomnia's (`grantType`,
    /// `authorizationUrl`, `credentialsInBody`) OAuth 2.0 settings as an `oauth2` block, the client secret
    /// and refresh token as `{{env:…}}`; `nil` for grants Tern does not run (implicit, password).
    private static func oauth2(_ params: [String: String], item: String, context: ImportContext) -> OAuth2Definition? {
        let grant: OAuth2Configuration.Grant
        switch (params["grant_type"] ?? params["grantType"] ?? "authorization_code").lowercased() {
        case "authorization_code", "authorization_code_with_pkce": grant = .authorizationCode
        case "client_credentials": grant = .clientCredentials
        case "refresh_token": grant = .refreshToken
        case "device_code", "urn:ietf:params:oauth:grant-type:device_code": grant = .deviceCode
        default: return nil
        }
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { params[$0] }.first { !$0.isEmpty }
        }
        guard let tokenURL = value("accessTokenUrl", "tokenUrl") else { return nil }
        var fields = ["tokenURL": tokenURL, "clientId": value("clientId") ?? ""]
        if let secret = value("clientSecret") {
            fields["clientSecret"] = context.secret(secret, label: "client_secret", item: item)
        }
        if let url = value("authUrl", "authorizationUrl") { fields["authorizationURL"] = url }
        if let url = value("deviceAuthorizationUrl") { fields["deviceAuthorizationURL"] = url }
        if let refresh = value("refreshToken") {
            fields["refreshToken"] = context.secret(refresh, label: "refresh_token", item: item)
        }
        if let scope = value("scope") { fields["scope"] = scope }
        if let audience = value("audience") { fields["audience"] = audience }
        if params["client_authentication"] == "body" || params["credentialsInBody"] == "true" {
            fields["clientAuth"] = "body"
        }
        if let needed = OAuth2Definition.grantField(grant), fields[needed] == nil { return nil }
        return OAuth2Definition(grant: grant, fields: fields)
    }

    /// Sets `auth` on `draft` unless an explicit header `header` already answers for it.
    private static func setAuth(_ auth: AuthDefinition, header: String, to draft: inout RequestDraft) {
        guard !draft.hasHeader(header) else { return }
        draft.auth = auth
    }

    private static func addHeader(_ name: String, _ value: String, to draft: inout RequestDraft) {
        guard !draft.hasHeader(name) else { return }
        draft.headers.append(RequestDraft.Row(name: name, value: value))
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
