extension CurlCommand {
    /// Parses `curl …` as a shell would split it (see `CurlShellWords`) and curl would read it.
    public static func parse(_ commandLine: String) throws(CurlParseError) -> CurlCommand {
        try parse(words: CurlShellWords.split(commandLine))
    }

    /// Parses already split words; the first must be `curl` or a path ending in `/curl`.
    public static func parse(words: [String]) throws(CurlParseError) -> CurlCommand {
        var parser = CurlWordsParser(words: words)
        return try parser.run()
    }
}

private struct CurlWordsParser {
    let words: [String]
    var index = 1
    var command = CurlCommand(url: "")
    var url: String?

    init(words: [String]) { self.words = words }

    mutating func run() throws(CurlParseError) -> CurlCommand {
        guard let first = words.first else { throw .empty }
        guard first == "curl" || first.hasSuffix("/curl") else { throw .notCurl(first) }
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") {
                try setURL(word)
            } else if word == "--" {
                optionsEnded = true
            } else if word.hasPrefix("--") {
                try longOption(word)
            } else {
                try shortOptions(word)
            }
        }
        guard let url else { throw .noURL }
        command.url = url
        try checkConflicts()
        return command
    }

    mutating func longOption(_ word: String) throws(CurlParseError) {
        let name = String(word.dropFirst(2))
        if let parts = CurlText.split(name, at: { $0 == "=" }) {
            guard CurlOption.long[parts.before] != nil else { throw .unknownOption(word) }
            throw .equalsInLongOption(option: "--" + parts.before, value: parts.after)
        }
        if let option = CurlOption.long[name] {
            try apply(option, spelled: word, value: option.takesValue ? nextValue(for: word) : "")
        } else if name.hasPrefix("no-"), let option = CurlOption.long[String(name.dropFirst(3))], !option.takesValue {
            setFlag(option, false)  // curl's --no-location and friends
        } else {
            throw .unknownOption(word)
        }
    }

    /// `-sSL`, `-XPOST`, `-H'X: y'`: flags cluster; a value option takes the rest of the word, or the next word.
    mutating func shortOptions(_ word: String) throws(CurlParseError) {
        let letters = Array(word.unicodeScalars.dropFirst())
        guard !letters.isEmpty else { throw .unknownOption(word) }
        for (offset, letter) in letters.enumerated() {
            let spelled = "-" + String(letter)
            guard let option = CurlOption.short[Character(letter)] else { throw .unknownOption(spelled) }
            guard option.takesValue else {
                setFlag(option, true)
                continue
            }
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: letters[(offset + 1)...])
            try apply(option, spelled: spelled, value: rest.isEmpty ? nextValue(for: spelled) : String(rest))
            return
        }
    }

    mutating func nextValue(for option: String) throws(CurlParseError) -> String {
        guard index < words.count else { throw .missingValue(option: option) }
        index += 1
        return words[index - 1]
    }

    mutating func setURL(_ word: String) throws(CurlParseError) {
        guard !word.isEmpty else { throw .invalidValue(option: "URL", value: word, reason: "it is empty") }
        if let url { throw .multipleURLs(url, word) }
        url = CurlText.withScheme(word)
    }

    mutating func setFlag(_ option: CurlOption, _ on: Bool) {
        switch option {
        case .get: command.get = on
        case .location: command.followRedirects = on
        case .insecure: command.insecure = on
        case .head: command.head = on
        case .compressed: command.compressed = on
        case .globoff: command.globoff = on
        case .silent: command.silent = on
        case .showError: command.showError = on
        case .verbose: command.verbose = on
        case .include: command.include = on
        default: break
        }
    }

    mutating func apply(_ option: CurlOption, spelled: String, value: String) throws(CurlParseError) {
        switch option {
        case .data: command.data.append(.ascii(Self.source(value)))
        case .dataRaw: command.data.append(.raw(value))
        case .dataBinary: command.data.append(.binary(Self.source(value)))
        case .dataURLEncode: command.data.append(Self.urlencoded(value))
        case .json: command.data.append(.json(Self.source(value)))
        case .form: command.form.append(try CurlFormSyntax.parse(value, option: spelled))
        case .formString: command.form.append(try CurlFormSyntax.parseLiteral(value, option: spelled))
        case .user: command.user = value
        case .userAgent: command.userAgent = value
        case .referer: command.referer = value
        case .cookie: command.cookies.append(value.contains("=") ? .header(value) : .file(value))
        case .maxTime: command.maxTime = try Self.seconds(value, option: spelled)
        case .url: try setURL(value)
        case .output: command.output = value
        case .request:
            guard CurlText.isToken(value) else {
                throw .invalidValue(option: spelled, value: value, reason: "a method is a token such as POST")
            }
            command.method = value
        case .header: try header(value, option: spelled)
        default: setFlag(option, true)
        }
    }

    static func source(_ value: String) -> CurlDataSource {
        value.hasPrefix("@") ? .file(String(value.dropFirst())) : .text(value)
    }

    /// curl looks for the first `=` or `@`: `@` names a file, `=` starts the content; a name before either.
    static func urlencoded(_ value: String) -> CurlData {
        guard let parts = CurlText.split(value, at: { $0 == "=" || $0 == "@" }) else {
            return .urlencode(name: nil, .text(value))
        }
        let source: CurlDataSource = parts.separator == "@" ? .file(parts.after) : .text(parts.after)
        return .urlencode(name: parts.before.isEmpty ? nil : parts.before, source)
    }

    static func seconds(_ value: String, option: String) throws(CurlParseError) -> Double {
        // Double(_:) would also take "inf", "nan" and hex floats.
        let allowed = value.utf8.allSatisfy { "0123456789.eE+-".utf8.contains($0) }
        guard allowed, value.first?.isNumber == true || value.first == ".",
              let seconds = Double(value), seconds.isFinite, seconds >= 0
        else { throw .invalidValue(option: option, value: value, reason: "expected seconds, such as 5 or 0.5") }
        return seconds
    }

    /// `Name: value` adds, `Name;` adds an empty header, `Name:` removes one the client would add.
    mutating func header(_ value: String, option: String) throws(CurlParseError) {
        if value.hasPrefix("@") {
            throw .unsupported(option: "\(option) @file", reason: "reading headers from a file; give each header with -H")
        }
        if let parts = CurlText.split(value, at: { $0 == ":" }) {
            let name = parts.before
            let content = CurlText.trimmingSpaces(parts.after)
            if content.isEmpty {
                try checkHeader(name: name, value: "", whole: value, option: option)
                command.removedHeaders.append(name)
                return
            }
            try checkHeader(name: name, value: content, whole: value, option: option)
            command.headers.append(CurlHeader(name: name, value: content))
        } else if let parts = CurlText.split(value, at: { $0 == ";" }), CurlText.trimmingSpaces(parts.after).isEmpty {
            let name = parts.before
            try checkHeader(name: name, value: "", whole: value, option: option)
            command.headers.append(CurlHeader(name: name, value: ""))
        } else {
            throw .invalidValue(option: option, value: value,
                                reason: "expected 'Name: value' ('Name;' sends it empty, 'Name:' removes it)")
        }
    }

    func checkHeader(name: String, value: String, whole: String, option: String) throws(CurlParseError) {
        guard CurlText.isToken(name) else {
            throw .invalidValue(option: option, value: whole, reason: "'\(name)' is not a valid header name")
        }
        guard CurlText.isFieldValue(value) else {
            throw .invalidValue(option: option, value: whole, reason: "a header value can't hold control characters")
        }
    }

    func checkConflicts() throws(CurlParseError) {
        let hasData = !command.data.isEmpty
        let hasForm = !command.form.isEmpty
        if hasData && hasForm { throw .conflictingOptions("-d/--data", "-F/--form") }
        if command.head && hasForm { throw .conflictingOptions("-I/--head", "-F/--form") }
        if command.head && hasData && !command.get { throw .conflictingOptions("-I/--head", "-d/--data") }
        if command.get && hasForm { throw .conflictingOptions("-G/--get", "-F/--form") }
    }
}
