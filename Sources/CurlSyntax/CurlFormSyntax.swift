/// curl's `-F` mini-language (tool_formparse.c): `name=value`, `name=@file`, `name=<file`, then
/// `;type=`, `;filename=`, `;headers=` parameters. A word may be `"quoted"` (with `\"` and `\\`)
/// to hold `;` or `,`; unquoted words lose surrounding spaces. Parameters curl would skip with a
/// warning are refused here instead, so nothing is silently dropped.
enum CurlFormSyntax {
    static func parse(_ value: String, option: String) throws(CurlParseError) -> CurlFormPart {
        var cursor = FormCursor(Array(value.unicodeScalars), option: option, whole: value)
        return try cursor.part()
    }

    /// `--form-string name=value`: the value is taken literally, no `@`, `<` or parameters.
    static func parseLiteral(_ value: String, option: String) throws(CurlParseError) -> CurlFormPart {
        guard let parts = CurlText.split(value, at: { $0 == "=" }) else {
            throw .invalidValue(option: option, value: value, reason: "expected name=value")
        }
        return CurlFormPart(name: parts.before, content: .text(parts.after))
    }

    static func render(_ part: CurlFormPart) -> String {
        var text = part.name + "="
        switch part.content {
        case .text(let value): text += word(value, guardingStart: true)
        case .file(let path): text += "@" + word(path, guardingStart: false)
        case .fileContents(let path): text += "<" + word(path, guardingStart: false)
        }
        if let filename = part.filename { text += ";filename=" + word(filename, guardingStart: false) }
        for header in part.headers { text += ";headers=" + word(header, guardingStart: true) }
        // Last, because whatever follows a type is read as one of its MIME parameters.
        if let type = part.contentType { text += ";type=" + type }
        return text
    }

    /// Quotes a word when curl would otherwise cut it, trim it, or read its first character as syntax.
    static func word(_ text: String, guardingStart: Bool) -> String {
        let scalars = text.unicodeScalars
        let special = scalars.contains { $0 == ";" || $0 == "," || $0 == "\"" }
        let edgeSpace = scalars.first.map(isSpace) == true || scalars.last.map(isSpace) == true
        let syntaxStart = guardingStart && scalars.first.map { "@<()".unicodeScalars.contains($0) } == true
        guard special || edgeSpace || syntaxStart else { return text }
        var quoted = "\""
        for scalar in scalars {
            if scalar == "\\" || scalar == "\"" { quoted += "\\" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }

    /// C's isspace.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || ("\t"..."\r").contains(scalar)
    }
}

private struct FormCursor {
    let s: [Unicode.Scalar]
    let option: String
    let whole: String
    var p = 0

    init(_ s: [Unicode.Scalar], option: String, whole: String) {
        self.s = s
        self.option = option
        self.whole = whole
    }

    var current: Unicode.Scalar? { p < s.count ? s[p] : nil }

    func refuse(_ reason: String) -> CurlParseError {
        .invalidValue(option: option, value: whole, reason: reason)
    }

    mutating func part() throws(CurlParseError) -> CurlFormPart {
        guard let equals = s.firstIndex(of: "=") else {
            throw refuse("expected name=value, name=@file or name=<file")
        }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: s[..<equals])
        p = equals + 1
        switch current {
        case "(":
            throw .unsupported(option: option, reason: "nested multipart (name=( … ))")
        case ")" where name.isEmpty && p + 1 == s.count:
            throw .unsupported(option: option, reason: "nested multipart (name=( … ))")
        case "@":
            p += 1
            let part = try parameters(endChar: ",", name: String(name), allowsFilename: true) { .file($0) }
            if current == "," {
                throw .unsupported(option: option, reason: "several files in one field; give one -F per file")
            }
            if part.content == .file("") { throw refuse("@ needs a file name") }
            return part
        case "<":
            p += 1
            return try parameters(endChar: nil, name: String(name), allowsFilename: false) { .fileContents($0) }
        default:
            return try parameters(endChar: nil, name: String(name), allowsFilename: true) { .text($0) }
        }
    }

    /// get_param_part: the data word, then `;param=` pieces until the end (or `endChar`).
    mutating func parameters(endChar: Unicode.Scalar?, name: String, allowsFilename: Bool,
                             content: (String) -> CurlFormPart.Content) throws(CurlParseError) -> CurlFormPart {
        skipSpaces()
        var part = CurlFormPart(name: name, content: content(try word(endChar)))
        var typeRange: Range<Int>?
        var typeOpen = false  // MIME parameters after type= still belong to the type
        while current == ";" {
            p += 1
            skipSpaces()
            if !typeOpen && hasPrefix("type=") {
                p += 5
                skipSpaces()
                let start = p
                try mimeType()
                var end = p
                while let c = current, c != ";", c != endChar {
                    p += 1
                    if !CurlFormSyntax.isSpace(c) { end = p }
                }
                typeRange = start..<end
                typeOpen = true
            } else if hasPrefix("filename=") {
                guard allowsFilename else { throw refuse("filename= is not allowed with <file") }
                typeOpen = false
                p += 9
                skipSpaces()
                part.filename = try word(endChar)
            } else if hasPrefix("headers=") {
                typeOpen = false
                p += 8
                if current == "@" || current == "<" {
                    throw .unsupported(option: option, reason: "part headers read from a file")
                }
                skipSpaces()
                part.headers.append(try word(endChar))
            } else if typeOpen {
                while let c = current, c != ";", c != endChar {
                    p += 1
                    if !CurlFormSyntax.isSpace(c) { typeRange = typeRange.map { $0.lowerBound..<p } }
                }
            } else {
                let unknown = try word(endChar)
                if unknown.isEmpty { continue }
                throw refuse("unknown parameter '\(unknown)' (quote a value that holds ';')")
            }
        }
        if let typeRange {
            var type = String.UnicodeScalarView()
            type.append(contentsOf: s[typeRange])
            part.contentType = String(type)
        }
        return part
    }

    /// `major/minor`, as curl's sscanf("%[^/ ]/%[^;, \n]") wants it.
    mutating func mimeType() throws(CurlParseError) {
        let start = p
        while let c = current, c != "/", c != " " { p += 1 }
        guard p > start, current == "/" else { throw refuse("type= needs a MIME type such as text/plain") }
        p += 1
        let minor = p
        while let c = current, c != ";", c != ",", c != " ", c != "\n" { p += 1 }
        guard p > minor else { throw refuse("type= needs a MIME type such as text/plain") }
    }

    func hasPrefix(_ prefix: String) -> Bool {
        s[p...].starts(with: prefix.unicodeScalars)
    }

    mutating func skipSpaces() {
        while let c = current, CurlFormSyntax.isSpace(c) { p += 1 }
    }

    /// get_param_word: a `"quoted"` word, or text up to `;`/`endChar` without trailing spaces.
    /// An unclosed quote reads as plain text, as in curl.
    mutating func word(_ endChar: Unicode.Scalar?) throws(CurlParseError) -> String {
        if current == "\"", let quoted = try quotedWord(endChar) { return quoted }
        let start = p
        var end = p
        while let c = current, c != ";", c != endChar {
            p += 1
            if !CurlFormSyntax.isSpace(c) { end = p }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: s[start..<end])
        return String(text)
    }

    mutating func quotedWord(_ endChar: Unicode.Scalar?) throws(CurlParseError) -> String? {
        var q = p + 1
        var text = String.UnicodeScalarView()
        while q < s.count {
            if s[q] == "\\", q + 1 < s.count, s[q + 1] == "\\" || s[q + 1] == "\"" {
                text.append(s[q + 1])
                q += 2
                continue
            }
            if s[q] == "\"" {
                p = q + 1
                while let c = current, c != ";", c != endChar {
                    guard CurlFormSyntax.isSpace(c) else { throw refuse("text after a closing quote") }
                    p += 1
                }
                return String(text)
            }
            text.append(s[q])
            q += 1
        }
        return nil
    }
}
