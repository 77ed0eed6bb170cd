/// What a line of a Hurl file starts, told by its first characters (spaces before them dropped).
enum HurlLineKind: Equatable {
    /// `GET https://…`
    case request
    /// `HTTP 200`, `HTTP/1.1 *`
    case response
    /// `[Asserts]`, its name without brackets.
    case section(String)
    /// `{`, `[`, `"`, `` ` ``, ```` ``` ````, `<`, `base64,`, `hex,`, `file,`.
    case body
    /// A header, a section's item, a capture or an assert.
    case item

    static func of(_ line: String) -> HurlLineKind {
        let text = line.drop { $0 == " " || $0 == "\t" }
        if text.first == "[" {
            let name = text.dropFirst().prefix { $0.isLetter }
            let after = text.dropFirst(name.count + 1)
            let rest = after.dropFirst().drop { $0 == " " || $0 == "\t" }
            if !name.isEmpty, after.first == "]", rest.isEmpty || rest.first == "#" { return .section(String(name)) }
            return .body
        }
        if let first = text.first, "{\"`<".contains(first) { return .body }
        if ["base64,", "hex,", "file,"].contains(where: { text.hasPrefix($0) }) { return .body }
        if text.hasPrefix("HTTP"), let next = text.dropFirst(4).first, next == "/" || next == " " || next == "\t" { return .response }
        let method = text.prefix { $0.isASCII && $0.isUppercase }
        if !method.isEmpty, let next = text.dropFirst(method.count).first, next == " " || next == "\t",
           text.dropFirst(method.count).contains(where: { $0 != " " && $0 != "\t" }) {
            return .request
        }
        return .item
    }
}
