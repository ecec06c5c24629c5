/// Auth blocks (Postman `auth`, Insomnia `authentication`) as the headers or query rows they send,
/// with every credential moved to `{{env:NAME}}`; kinds Tern cannot send become a warning.
enum AuthMapping {
    /// Adds what an auth of `type` with `params` sends to `draft` (an explicit header or query
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
            addHeader("Authorization", prefix.isEmpty ? token : "\(prefix) \(token)", to: &draft)
        case "basic":
            let credentials = (params["username"] ?? "") + ":" + (params["password"] ?? "")
            let name = context.secretName(
                label: "basic_auth", value: credentials, item: item, hint: " (base64 of username:password)")
            addHeader("Authorization", "Basic {{env:\(name)}}", to: &draft)
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
                    draft.query.append(RequestDraft.Row(name: key, value: value))
                }
            } else if place == "header" {
                addHeader(key, value, to: &draft)
            } else {
                context.warn("\(item): API key sent in '\(place)' is not imported")
            }
        case "oauth2":
            guard let token = params["accessToken"], !token.isEmpty else {
                context.warn("\(item): OAuth 2.0 authentication is not imported; set an Authorization header by hand")
                return
            }
            let prefix = params["headerPrefix"] ?? "Bearer"
            let value = context.secret(token, label: "access_token", item: item)
            addHeader("Authorization", prefix.isEmpty ? value : "\(prefix) \(value)", to: &draft)
            context.warn("\(item): the OAuth 2.0 flow is not run; its access token is sent as a bearer token")
        default:
            context.warn("\(item): \(type) authentication is not imported; add its headers by hand")
        }
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
