import Foundation

/// What curl would put on the wire for a parsed command, for the code that maps it to a client.
extension CurlCommand {
    /// `-X` as given; else HEAD for `-I`, GET for `-G`, POST with data or form parts, else GET.
    public var effectiveMethod: String {
        if let method { return method }
        if head { return "HEAD" }
        if get { return "GET" }
        return data.isEmpty && form.isEmpty ? "GET" : "POST"
    }

    /// The data options joined as curl joins them, or nil when there are none: pieces are separated
    /// by `&`, except before a `--json` piece; `-d @file` loses its CR and LF bytes; `--data-urlencode`
    /// percent-encodes its content (not its name; space becomes `+`). `readFile` gets each `@path` (`-` means stdin).
    public func joinedData<E: Error>(readFile: (String) throws(E) -> Data) throws(E) -> Data? {
        guard !data.isEmpty else { return nil }
        var body = Data()
        for (position, piece) in data.enumerated() {
            if position > 0 && !piece.isJSON { body.append(UInt8(ascii: "&")) }
            switch piece {
            case .ascii(.text(let text)), .raw(let text), .binary(.text(let text)), .json(.text(let text)):
                body.append(contentsOf: text.utf8)
            case .ascii(.file(let path)):
                body.append(contentsOf: try readFile(path).filter { $0 != 0x0D && $0 != 0x0A })
            case .binary(.file(let path)), .json(.file(let path)):
                body.append(try readFile(path))
            case .urlencode(let name, let source):
                if let name { body.append(contentsOf: name.utf8 + [UInt8(ascii: "=")]) }
                switch source {
                case .text(let text): body.append(contentsOf: CurlText.percentEncode(text.utf8))
                case .file(let path): body.append(contentsOf: CurlText.percentEncode(try readFile(path)))
                }
            }
        }
        return body
    }

    /// The URL to request: with `-G` the joined data becomes (or extends) the query.
    public func requestURL(joinedData: Data?) -> String {
        guard get, let joinedData else { return url }
        return url + (url.contains("?") ? "&" : "?") + String(decoding: joinedData, as: UTF8.self)
    }

    /// The headers curl sends besides the client's own defaults: those implied by `-u`, `-A`, `-e`,
    /// `-b` strings, data (`application/x-www-form-urlencoded`) and `--json`, each only when no `-H`
    /// names it (curl lets -H win), then the `-H` headers in order. Cookie files, the multipart
    /// Content-Type (with its boundary) and `removedHeaders` are the caller's to apply.
    /// `-u user` without a colon is sent with an empty password (curl would prompt for one).
    public var requestHeaders: [CurlHeader] {
        let named = Set((headers.map(\.name) + removedHeaders).map { $0.lowercased() })
        func implied(_ name: String, _ value: String?) -> [CurlHeader] {
            guard let value, !named.contains(name.lowercased()) else { return [] }
            return [CurlHeader(name: name, value: value)]
        }
        let credentials = user.map { $0.contains(":") ? $0 : $0 + ":" }
        let basic = credentials.map { "Basic " + Data($0.utf8).base64EncodedString() }
        // `-e 'url;auto'` also sets the Referer on redirects; the header is the part before.
        let refererValue = referer.map { $0.hasSuffix(";auto") ? String($0.dropLast(5)) : $0 }.flatMap { $0.isEmpty ? nil : $0 }
        let cookieStrings = cookies.compactMap { cookie -> String? in
            if case .header(let text) = cookie { return text }
            return nil
        }
        let isJSON = data.contains(where: \.isJSON)
        let formType = !data.isEmpty && !get && !isJSON ? "application/x-www-form-urlencoded" : nil
        return implied("Authorization", basic)
            + implied("User-Agent", userAgent)
            + implied("Referer", refererValue)
            + implied("Cookie", cookieStrings.isEmpty ? nil : cookieStrings.joined(separator: "; "))
            + headers
            + implied("Content-Type", isJSON ? "application/json" : formType)
            + implied("Accept", isJSON ? "application/json" : nil)
    }
}

extension CurlData {
    var isJSON: Bool {
        if case .json = self { return true }
        return false
    }
}
