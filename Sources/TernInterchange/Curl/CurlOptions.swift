/// The curl options the importer knows: what each does, and whether it takes a value.
enum CurlOptions {
    /// What an option does to the request.
    enum Action: Sendable, Equatable {
        case method, header, data, dataASCII, dataBinary, dataRaw, dataURLEncode, json
        case get, form, formString, upload, user, userAgent, referer, cookie, head, url, urlQuery, bearer
        case location, next
        /// `-r/--range RANGE`: a `Range: bytes=RANGE` header.
        case range
        /// `--digest`: `-u` is sent with Digest authentication.
        case digest
        /// `--aws-sigv4 PROVIDERS`: `-u KEY:SECRET` signs the request (AWS Signature Version 4).
        case awsSigV4
        /// Read and dropped without a word: it only changes what curl prints or where it writes.
        case quiet
        /// Read and dropped with a warning saying what is lost.
        case notCarried(String)
    }

    /// One option: its action and whether the next word is its value.
    struct Option: Sendable {
        var action: Action
        var takesValue: Bool
    }

    /// Short option letters and the long name each stands for.
    static let short: [Character: String] = [
        "X": "request", "H": "header", "d": "data", "G": "get", "F": "form", "T": "upload-file", "u": "user",
        "A": "user-agent", "e": "referer", "b": "cookie", "I": "head", "L": "location", "k": "insecure",
        "x": "proxy", "m": "max-time", "s": "silent", "S": "show-error", "v": "verbose", "o": "output",
        "O": "remote-name", "i": "include", "f": "fail", "#": "progress-bar", "w": "write-out", "D": "dump-header",
        "c": "cookie-jar", "K": "config", "E": "cert", "U": "proxy-user", "C": "continue-at", "r": "range",
        "z": "time-cond", "y": "speed-time", "Y": "speed-limit", "t": "telnet-option", "Q": "quote",
        "P": "ftp-port", "4": "ipv4", "6": "ipv6", "0": "http1.0", "g": "globoff", "N": "no-buffer",
        "R": "remote-time", "J": "remote-header-name", "n": "netrc", "Z": "parallel", "q": "disable",
        "V": "version", "h": "help", "j": "junk-session-cookies", "l": "list-only", "a": "append", "B": "use-ascii",
        "M": "manual", "p": "proxytunnel", "1": "tlsv1", "2": "sslv2", "3": "sslv3", ":": "next",
    ]

    /// Long option names (without `--`).
    static let long: [String: Option] = {
        var table: [String: Option] = [
            "request": Option(action: .method, takesValue: true),
            "header": Option(action: .header, takesValue: true),
            "data": Option(action: .data, takesValue: true),
            "data-ascii": Option(action: .dataASCII, takesValue: true),
            "data-binary": Option(action: .dataBinary, takesValue: true),
            "data-raw": Option(action: .dataRaw, takesValue: true),
            "data-urlencode": Option(action: .dataURLEncode, takesValue: true),
            "json": Option(action: .json, takesValue: true),
            "get": Option(action: .get, takesValue: false),
            "form": Option(action: .form, takesValue: true),
            "form-string": Option(action: .formString, takesValue: true),
            "upload-file": Option(action: .upload, takesValue: true),
            "user": Option(action: .user, takesValue: true),
            "user-agent": Option(action: .userAgent, takesValue: true),
            "referer": Option(action: .referer, takesValue: true),
            "cookie": Option(action: .cookie, takesValue: true),
            "head": Option(action: .head, takesValue: false),
            "url": Option(action: .url, takesValue: true),
            "url-query": Option(action: .urlQuery, takesValue: true),
            "oauth2-bearer": Option(action: .bearer, takesValue: true),
            "location": Option(action: .location, takesValue: false),
            "next": Option(action: .next, takesValue: false),
            "insecure": Option(action: .notCarried("TLS certificate checks are not skipped"), takesValue: false),
            "proxy": Option(action: .notCarried("the proxy is not used"), takesValue: true),
            "compressed": Option(
                action: .notCarried(
                    "nothing to carry: Tern asks for gzip and deflate (Accept-Encoding) on every send and decodes "
                        + "the answer, as curl does with --compressed"), takesValue: false),
            "range": Option(action: .range, takesValue: true),
            "max-time": Option(action: .notCarried("the overall time limit is the handler's"), takesValue: true),
            "connect-timeout": Option(action: .notCarried("the connect timeout is the handler's"), takesValue: true),
            "location-trusted": Option(
                action: .notCarried("credentials are not sent to other hosts on redirects"), takesValue: false),
            "max-redirs": Option(action: .notCarried("the redirect limit is the transport's"), takesValue: true),
            "digest": Option(action: .digest, takesValue: false),
            "aws-sigv4": Option(action: .awsSigV4, takesValue: true),
            "ntlm": Option(
                action: .notCarried("NTLM authentication is not supported; -u is imported as basic auth"),
                takesValue: false),
            "negotiate": Option(action: .notCarried("Negotiate authentication is not supported"), takesValue: false),
            "anyauth": Option(
                action: .notCarried("-u is imported as basic auth, without negotiation"), takesValue: false),
            "basic": Option(action: .quiet, takesValue: false),
        ]
        let quietFlags = [
            "silent", "show-error", "verbose", "remote-name", "remote-name-all", "include", "fail", "fail-with-body",
            "fail-early", "progress-bar", "no-progress-meter", "globoff", "no-buffer", "remote-time",
            "remote-header-name", "create-dirs", "trace-time", "styled-output", "no-styled-output", "show-headers",
            "write-out", "output", "dump-header", "cookie-jar", "stderr", "trace", "trace-ascii", "output-dir",
            "libcurl", "etag-save", "trace-config", "create-file-mode", "disable", "clobber", "no-clobber",
        ]
        for name in quietFlags { table[name] = Option(action: .quiet, takesValue: false) }
        for name in [
            "write-out", "output", "dump-header", "cookie-jar", "stderr", "trace", "trace-ascii", "output-dir",
            "libcurl", "etag-save", "trace-config", "create-file-mode",
        ] {
            table[name] = Option(action: .quiet, takesValue: true)
        }
        for name in valueOptions where table[name] == nil {
            table[name] = Option(action: .notCarried("it has no spec equivalent"), takesValue: true)
        }
        return table
    }()

    /// Other curl options that take a value (so their value is not read as a URL).
    static let valueOptions: Set<String> = [
        "abstract-unix-socket", "alt-svc", "aws-sigv4", "cacert", "capath", "cert", "cert-type", "ciphers", "config",
        "connect-to", "continue-at", "crlfile", "curves", "delegation", "dns-interface", "dns-ipv4-addr",
        "dns-ipv6-addr", "dns-servers", "doh-url", "ech", "egd-file", "engine", "etag-compare", "expect100-timeout",
        "ftp-account", "ftp-alternative-to-user", "ftp-method", "ftp-port", "ftp-ssl-ccc-mode",
        "happy-eyeballs-timeout-ms", "haproxy-clientip", "hostpubmd5", "hostpubsha256", "hsts", "interface",
        "ip-tos", "ipfs-gateway", "keepalive-time", "keepalive-cnt", "key", "key-type", "krb", "limit-rate",
        "local-port", "login-options", "mail-auth", "mail-from", "mail-rcpt", "max-filesize", "netrc-file",
        "noproxy", "pass", "pinnedpubkey", "preproxy", "proto", "proto-default", "proto-redir", "proxy-cacert",
        "proxy-capath", "proxy-cert", "proxy-cert-type", "proxy-ciphers", "proxy-crlfile", "proxy-header",
        "proxy-key", "proxy-key-type", "proxy-pass", "proxy-pinnedpubkey", "proxy-service-name",
        "proxy-tls13-ciphers", "proxy-tlsauthtype", "proxy-tlspassword", "proxy-tlsuser", "proxy-user", "proxy1.0",
        "pubkey", "quote", "random-file", "rate", "request-target", "resolve", "retry", "retry-delay",
        "retry-max-time", "sasl-authzid", "service-name", "socks4", "socks4a", "socks5", "socks5-gssapi-service",
        "socks5-hostname", "speed-limit", "speed-time", "telnet-option", "tftp-blksize", "time-cond", "tls-max",
        "tls13-ciphers", "tlsauthtype", "tlspassword", "tlsuser", "unix-socket", "variable", "expand-url",
        "max-redirs", "connect-timeout", "max-time", "proxy",
    ]

    /// The option for `--name`, or for `--no-name` (a boolean switched off: dropped quietly).
    static func option(named name: String) -> Option? {
        if let option = long[name] { return option }
        if name.hasPrefix("no-"), let option = long[String(name.dropFirst(3))], !option.takesValue {
            return Option(action: .quiet, takesValue: false)
        }
        return nil
    }
}
