import Foundation

/// Reads curl's command-line options (after the program name) into a `CurlInvocation`.
///
/// Short options cluster (`-sSL`) and take attached values (`-XPOST`, `-HAccept:x`); long options
/// take the next word (curl has no `--name=value`). A word that is not an option is a URL.
/// `--next` starts another request: each is returned separately.
enum CurlArguments {
    /// The requests `words` describe; `location` names the command in errors.
    static func parse(_ words: [ShellWord], location: (ShellWord) -> String) throws(ImportError)
        -> [CurlInvocation]
    {
        var results: [CurlInvocation] = []
        var current = CurlInvocation()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            let text = word.text
            index += 1
            if optionsEnded || !text.hasPrefix("-") || text == "-" {
                current.urls.append(text)
                continue
            }
            if text == "--" {
                optionsEnded = true
                continue
            }
            if text.hasPrefix("--") {
                let name = String(text.dropFirst(2))
                guard let option = CurlOptions.option(named: name) else {
                    current.unknown.append(text)
                    continue
                }
                var value: String?
                if option.takesValue {
                    guard index < words.count else {
                        throw ImportError("\(text) needs a value", at: location(word))
                    }
                    value = words[index].text
                    index += 1
                }
                if option.action == .next {
                    results.append(current)
                    current = CurlInvocation()
                    continue
                }
                try apply(option.action, flag: text, value: value, to: &current, at: location(word))
                continue
            }
            var letters = Substring(text.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                guard let name = CurlOptions.short[letter], let option = CurlOptions.option(named: name) else {
                    current.unknown.append("-\(letter)")
                    continue
                }
                var value: String?
                if option.takesValue {
                    if !letters.isEmpty {
                        value = String(letters)
                        letters = ""
                    } else if index < words.count {
                        value = words[index].text
                        index += 1
                    } else {
                        throw ImportError("-\(letter) needs a value", at: location(word))
                    }
                }
                if option.action == .next {
                    results.append(current)
                    current = CurlInvocation()
                    continue
                }
                try apply(option.action, flag: "-\(letter)", value: value, to: &current, at: location(word))
            }
        }
        results.append(current)
        return results
    }

    // swiftlint:disable:next cyclomatic_complexity
    private static func apply(
        _ action: CurlOptions.Action, flag: String, value: String?, to request: inout CurlInvocation, at: String
    ) throws(ImportError) {
        let value = value ?? ""
        switch action {
        case .method: request.method = value
        case .header: header(value, into: &request)
        case .data: request.data.append(.init(piece: dataPiece(value, strip: true), isJSON: false))
        case .dataASCII: request.data.append(.init(piece: dataPiece(value, strip: true), isJSON: false))
        case .dataBinary: request.data.append(.init(piece: dataPiece(value, strip: false), isJSON: false))
        case .dataRaw: request.data.append(.init(piece: .literal(value), isJSON: false))
        case .dataURLEncode: request.data.append(.init(piece: urlEncoded(value), isJSON: false))
        case .json: request.data.append(.init(piece: dataPiece(value, strip: false), isJSON: true))
        case .get: request.dataInQuery = true
        case .form: request.form.append(try CurlFormPart.parse(value, at: at))
        case .formString:
            let (name, content) = splitOnce(value, at: "=")
            request.form.append(.init(name: name, content: .value(content ?? "")))
        case .upload: request.upload = value
        case .user: request.user = value
        case .userAgent: request.userAgent = value
        case .range:
            request.range = value
        case .referer:
            request.referer = value.hasSuffix(";auto") ? String(value.dropLast(5)) : value
            if value == ";auto" { request.referer = nil }
        case .cookie:
            if value.contains("=") { request.cookies.append(value) } else { request.cookieFiles.append(value) }
        case .head: request.headOnly = true
        case .url: request.urls.append(value)
        case .urlQuery: request.notCarried.append("\(flag) \(value): --url-query is not carried over")
        case .bearer: request.bearer = value
        case .digest: request.digest = true
        case .awsSigV4: request.awsSigV4 = value
        case .location, .next, .quiet: break
        case .notCarried(let reason): request.notCarried.append("\(flag): \(reason)")
        }
    }

    private static func header(_ value: String, into request: inout CurlInvocation) {
        if value.hasPrefix("@") {
            request.headerFiles.append(String(value.dropFirst()))
            return
        }
        if let colon = value.firstIndex(of: ":") {
            let name = value[..<colon].trimmingCharacters(in: .whitespaces)
            let content = value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if content.isEmpty {
                request.removedHeaders.append(name)
            } else {
                request.headers.append((name: name, value: content))
            }
        } else if value.hasSuffix(";") {
            request.headers.append((name: String(value.dropLast()).trimmingCharacters(in: .whitespaces), value: ""))
        }
    }

    private static func dataPiece(_ value: String, strip: Bool) -> CurlInvocation.DataPiece {
        value.hasPrefix("@") ? .file(path: String(value.dropFirst()), stripNewlines: strip) : .literal(value)
    }

    /// `--data-urlencode`: `content`, `=content`, `name=content`, `@file`, `name@file`.
    private static func urlEncoded(_ value: String) -> CurlInvocation.DataPiece {
        if let equals = value.firstIndex(of: "=") {
            let name = String(value[..<equals])
            let content = CurlEscape.encode(String(value[value.index(after: equals)...]))
            return .literal(name.isEmpty ? content : name + "=" + content)
        }
        if let at = value.firstIndex(of: "@") {
            let name = String(value[..<at])
            return .encodedFile(name: name.isEmpty ? nil : name, path: String(value[value.index(after: at)...]))
        }
        return .literal(CurlEscape.encode(value))
    }

    static func splitOnce(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}

/// curl's `--data-urlencode` encoding: a space as `+`, everything else but `A-Z a-z 0-9 - . _ ~` as `%XX`.
enum CurlEscape {
    /// `text`'s UTF-8 bytes, percent-encoded.
    static func encode(_ text: String) -> String {
        encode(bytes: Array(text.utf8))
    }

    /// `bytes`, percent-encoded.
    static func encode(bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
