package import Foundation

/// `request`: what was sent.
package struct HARRequest: Codable, Sendable, Equatable {
    /// The method.
    package var method: String
    /// The absolute URL.
    package var url: String
    /// "HTTP/1.1" when written.
    package var httpVersion: String
    /// Always empty when written (cookies are secrets).
    package var cookies: [HARPair]
    /// The header fields.
    package var headers: [HARPair]
    /// The query parameters of `url`.
    package var queryString: [HARPair]
    /// The body, when there is one as text.
    package var postData: HARPostData?
    /// -1: not known.
    package var headersSize: Int
    /// The body's size in bytes (0 without one, -1 when not known).
    package var bodySize: Int

    /// Makes a request.
    package init(
        method: String, url: String, headers: [HARPair], queryString: [HARPair], postData: HARPostData?, bodySize: Int
    ) {
        self.method = method
        self.url = url
        httpVersion = "HTTP/1.1"
        cookies = []
        self.headers = headers
        self.queryString = queryString
        self.postData = postData
        headersSize = -1
        self.bodySize = bodySize
    }

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        method = try values.decode(String.self, forKey: .method)
        url = try values.decode(String.self, forKey: .url)
        httpVersion = try values.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
        cookies = (try? values.decodeIfPresent([HARPair].self, forKey: .cookies)) ?? []
        headers = try values.decodeIfPresent([HARPair].self, forKey: .headers) ?? []
        queryString = (try? values.decodeIfPresent([HARPair].self, forKey: .queryString)) ?? []
        postData = try values.decodeIfPresent(HARPostData.self, forKey: .postData)
        headersSize = (try? values.decodeIfPresent(Int.self, forKey: .headersSize)) ?? -1
        bodySize = (try? values.decodeIfPresent(Int.self, forKey: .bodySize)) ?? -1
    }
}

/// `postData`: a request body as text, or as form parameters (`params`).
package struct HARPostData: Codable, Sendable, Equatable {
    /// The body's media type.
    package var mimeType: String
    /// The body ("" when only `params` were recorded).
    package var text: String
    /// The form fields of a url-encoded or multipart body, when recorded; files name `fileName`.
    package var params: [HARParam]?

    /// Makes post data.
    package init(mimeType: String, text: String, params: [HARParam]? = nil) {
        self.mimeType = mimeType
        self.text = text
        self.params = params
    }

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = try values.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        text = try values.decodeIfPresent(String.self, forKey: .text) ?? ""
        params = try values.decodeIfPresent([HARParam].self, forKey: .params)
    }
}

/// One of `postData.params`: a form field, or a file by name (its contents are not recorded).
package struct HARParam: Codable, Sendable, Equatable {
    /// The field name.
    package var name: String
    /// The value ("" for a file).
    package var value: String?
    /// The uploaded file's name, for a file part.
    package var fileName: String?
    /// The file part's media type.
    package var contentType: String?

    /// Makes a parameter.
    package init(name: String, value: String? = nil, fileName: String? = nil, contentType: String? = nil) {
        self.name = name
        self.value = value
        self.fileName = fileName
        self.contentType = contentType
    }
}

/// `response`: what came back.
package struct HARResponse: Codable, Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// The reason phrase.
    package var statusText: String
    /// "HTTP/1.1" when written.
    package var httpVersion: String
    /// Always empty when written (cookies are secrets).
    package var cookies: [HARPair]
    /// The header fields.
    package var headers: [HARPair]
    /// The body.
    package var content: HARContent
    /// The `Location` header's value, or "".
    package var redirectURL: String
    /// -1: not known.
    package var headersSize: Int
    /// The body's size in bytes as received.
    package var bodySize: Int
    /// Why no response came (`_error`, as Chrome writes it), for a failed request.
    package var error: String?

    enum CodingKeys: String, CodingKey {
        case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize, bodySize
        case error = "_error"
    }

    /// Makes a response.
    package init(status: Int, statusText: String, headers: [HARPair], content: HARContent, redirectURL: String) {
        self.status = status
        self.statusText = statusText
        httpVersion = "HTTP/1.1"
        cookies = []
        self.headers = headers
        self.content = content
        self.redirectURL = redirectURL
        headersSize = -1
        bodySize = content.size
    }

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        status = try values.decode(Int.self, forKey: .status)
        statusText = try values.decodeIfPresent(String.self, forKey: .statusText) ?? ""
        httpVersion = try values.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
        cookies = (try? values.decodeIfPresent([HARPair].self, forKey: .cookies)) ?? []
        headers = try values.decodeIfPresent([HARPair].self, forKey: .headers) ?? []
        content = try values.decodeIfPresent(HARContent.self, forKey: .content) ?? HARContent(size: 0, mimeType: "")
        redirectURL = try values.decodeIfPresent(String.self, forKey: .redirectURL) ?? ""
        headersSize = (try? values.decodeIfPresent(Int.self, forKey: .headersSize)) ?? -1
        bodySize = (try? values.decodeIfPresent(Int.self, forKey: .bodySize)) ?? -1
        error = try? values.decodeIfPresent(String.self, forKey: .error)
    }
}

/// `content`: a response body, as text or base64.
package struct HARContent: Codable, Sendable, Equatable {
    /// The body's size in bytes.
    package var size: Int
    /// The body's media type ("" when not known).
    package var mimeType: String
    /// The body: text, or base64 when `encoding` is "base64"; absent when not recorded.
    package var text: String?
    /// "base64" for a binary body.
    package var encoding: String?

    /// Makes content.
    package init(size: Int, mimeType: String, text: String? = nil, encoding: String? = nil) {
        self.size = size
        self.mimeType = mimeType
        self.text = text
        self.encoding = encoding
    }

    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        size = (try? values.decodeIfPresent(Int.self, forKey: .size)) ?? -1
        mimeType = try values.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        text = try values.decodeIfPresent(String.self, forKey: .text)
        encoding = try values.decodeIfPresent(String.self, forKey: .encoding)
    }

    /// The body's bytes: `text` decoded from base64 when so encoded, else its UTF-8; `nil` for bad base64.
    package func bytes() -> Data? {
        guard let text else { return Data() }
        if encoding?.lowercased() == "base64" { return Data(base64Encoded: text, options: .ignoreUnknownCharacters) }
        return Data(text.utf8)
    }
}
