import Foundation
import LocatedYAML

/// Hurl's file format (https://hurl.dev/docs/grammar.html) read into `HurlEntry`s: request
/// lines, headers, sections, bodies, the response line with its headers, `[Captures]` and
/// `[Asserts]`. What does not parse is refused at its line and column.
struct HurlParser {
    static let requestSections = ["QueryStringParams", "FormParams", "MultipartFormData", "Cookies", "BasicAuth", "Options"]
    static let shortNames = ["Query": "QueryStringParams", "Form": "FormParams", "Multipart": "MultipartFormData"]
    static let responseSections = ["Captures", "Asserts"]
    static let versions = ["HTTP", "HTTP/1.0", "HTTP/1.1", "HTTP/2", "HTTP/3", "HTTP/*"]

    var cursor: HurlCursor

    init(_ text: String, file: String) {
        cursor = HurlCursor(text, file: file)
    }

    mutating func entries() throws(FileProblem) -> [HurlEntry] {
        var entries: [HurlEntry] = []
        while true {
            cursor.skipBlankLines()
            if cursor.isAtEnd { return entries }
            entries.append(try entry())
        }
    }

    var lineKind: HurlLineKind { HurlLineKind.of(cursor.restOfLine()) }

    private mutating func entry() throws(FileProblem) -> HurlEntry {
        cursor.skipSpaces()
        guard lineKind == .request else { throw cursor.problem("expected a request line: METHOD URL") }
        let line = cursor.line
        let method = cursor.word()
        cursor.skipSpaces()
        let url = try urlText()
        try endOfLine("after the URL")
        var entry = HurlEntry(method: method, url: url, line: line)
        while true {
            cursor.skipBlankLines()
            if cursor.isAtEnd { return entry }
            cursor.skipSpaces()
            switch lineKind {
            case .request:
                return entry
            case .response:
                entry.response = try response()
                return entry
            case .section(let written):
                let name = Self.shortNames[written] ?? written
                guard Self.requestSections.contains(name) else {
                    if Self.responseSections.contains(name) { throw cursor.problem("[\(name)] belongs after the response line (HTTP 200)") }
                    throw cursor.problem("[\(written)] is not a request section: \(Self.requestSections.map { "[\($0)]" }.joined(separator: ", "))")
                }
                entry.sections.append(HurlSection(name: name, line: cursor.line, items: []))
                cursor.skipLine()
            case .body:
                entry.body = try body()
                try expectEntryOrResponse()
            case .item:
                let item = try keyValue()
                if entry.sections.isEmpty { entry.headers.append(item) } else { entry.sections[entry.sections.count - 1].items.append(item) }
            }
        }
    }

    /// After a body only the response line, the next request or the end may come.
    private mutating func expectEntryOrResponse() throws(FileProblem) {
        cursor.skipBlankLines()
        cursor.skipSpaces()
        guard cursor.isAtEnd || lineKind == .request || lineKind == .response else {
            throw cursor.problem("expected the response line (HTTP 200) or the next request after the body")
        }
    }

    private mutating func response() throws(FileProblem) -> HurlResponse {
        let (line, column) = (cursor.line, cursor.column)
        var version = ""
        while let character = cursor.current, character != " ", character != "\t", !character.isNewline {
            version.append(character)
            cursor.advance()
        }
        guard Self.versions.contains(version) else {
            throw FileProblem(file: cursor.file, line: line, column: column, key: nil, message: "\(version) is not a version Hurl knows: \(Self.versions.joined(separator: ", "))")
        }
        cursor.skipSpaces()
        var status: Int?
        if cursor.current == "*" {
            cursor.advance()
        } else {
            let digits = cursor.number()
            guard let code = Int(digits), (100...999).contains(code) else { throw cursor.problem("expected a status code (100 to 999) or *") }
            status = code
        }
        try endOfLine("after the status")
        var response = HurlResponse(version: version, status: status, line: line)
        var section: String?
        while true {
            cursor.skipBlankLines()
            if cursor.isAtEnd { return response }
            cursor.skipSpaces()
            switch lineKind {
            case .request:
                return response
            case .response:
                throw cursor.problem("a second response line: expected the next request")
            case .section(let name):
                guard Self.responseSections.contains(name) else {
                    let known = Self.responseSections.map { "[\($0)]" }.joined(separator: ", ")
                    throw cursor.problem("[\(name)] is not a response section: \(known)")
                }
                section = name
                cursor.skipLine()
            case .body:
                response.body = try body()
                cursor.skipBlankLines()
                cursor.skipSpaces()
                guard cursor.isAtEnd || lineKind == .request else { throw cursor.problem("expected the next request after the response body") }
                return response
            case .item:
                switch section {
                case "Captures": response.captures.append(try capture())
                case "Asserts": response.asserts.append(try assertion())
                default: response.headers.append(try keyValue())
                }
            }
        }
    }

    // MARK: Lines

    /// The URL: to the first space, but for the spaces of a `{{ template }}`.
    private mutating func urlText() throws(FileProblem) -> String {
        var text = ""
        while let character = cursor.current, !character.isNewline {
            if cursor.looksAt("{{") {
                text += try cursor.template()
                continue
            }
            if character == " " || character == "\t" { break }
            text.append(character)
            cursor.advance()
        }
        guard !text.isEmpty else { throw cursor.problem("expected a URL after the method") }
        return text
    }

    private mutating func endOfLine(_ place: String) throws(FileProblem) {
        cursor.skipSpaces()
        guard cursor.isAtLineEnd else { throw cursor.problem("unexpected text \(place)") }
        cursor.skipLine()
    }

    /// `name: value`; the name may be quoted, both have their escapes read; the value ends at a
    /// comment and loses its trailing spaces.
    private mutating func keyValue() throws(FileProblem) -> HurlKeyValue {
        let line = cursor.line
        let name = try key()
        cursor.skipSpaces()
        var value = ""
        while let character = cursor.current, !character.isNewline, character != "#" {
            if cursor.looksAt("{{") {
                value += try cursor.template()
                continue
            }
            cursor.advance()
            value += character == "\\" ? try cursor.escaped() : String(character)
        }
        while value.last == " " || value.last == "\t" { value.removeLast() }
        cursor.skipLine()
        return HurlKeyValue(name: name, value: value, line: line)
    }

    /// A name up to its `:`, past the `:`.
    private mutating func key() throws(FileProblem) -> String {
        var name = ""
        if cursor.current == "\"" {
            name = try cursor.quoted(closing: "\"")
            cursor.skipSpaces()
        } else {
            while let character = cursor.current, !character.isNewline, character != ":", character != "#" {
                cursor.advance()
                name += character == "\\" ? try cursor.escaped() : String(character)
            }
            while name.last == " " || name.last == "\t" { name.removeLast() }
        }
        guard cursor.current == ":", !name.isEmpty else { throw cursor.problem("expected NAME: VALUE") }
        cursor.advance()
        return name
    }

    // MARK: Captures and asserts

    static let predicates: Set<String> = [
        "==", "!=", ">", ">=", "<", "<=", "equals", "notEquals", "greaterThan", "greaterThanOrEquals", "lessThan",
        "lessThanOrEquals", "startsWith", "endsWith", "contains", "includes", "matches", "exists",
    ]
    /// Queries that name what they read: `header "Name"`.
    static let queriesWithArgument: Set<String> = ["header", "cookie", "jsonpath", "xpath", "regex", "variable", "certificate"]

    static func isPredicate(_ word: String) -> Bool {
        predicates.contains(word) || (word.hasPrefix("is") && word.dropFirst(2).first?.isUppercase == true)
    }

    static func takesValue(_ predicate: String) -> Bool { predicate != "exists" && !predicate.hasPrefix("is") }

    private mutating func capture() throws(FileProblem) -> HurlCapture {
        let (line, start) = (cursor.line, cursor.index)
        let name = try key()
        let query = try self.query()
        var filters: [HurlFilter] = []
        var redact = false
        while let token = try cursor.token() {
            if token.kind == .word, token.text == "redact" {
                redact = true
            } else if token.kind == .word {
                filters.append(HurlFilter(name: token.text, arguments: []))
            } else if !filters.isEmpty {
                filters[filters.count - 1].arguments.append(token)
            } else {
                throw problem(at: token, "expected a filter or the end of the line, found \(token.text.debugDescription)")
            }
        }
        let text = cursor.text(since: start)
        cursor.skipLine()
        return HurlCapture(name: name, query: query, filters: filters, redact: redact, line: line, text: text)
    }

    private mutating func assertion() throws(FileProblem) -> HurlAssert {
        let (line, start) = (cursor.line, cursor.index)
        let query = try self.query()
        var filters: [HurlFilter] = []
        var negated = false
        while true {
            guard let token = try cursor.token() else { throw cursor.problem("expected a predicate (==, !=, <, exists, matches…)") }
            if token.kind == .word, token.text == "not", !negated {
                negated = true
            } else if token.kind == .word, Self.isPredicate(token.text) {
                var value: HurlToken?
                if Self.takesValue(token.text) {
                    guard let given = try cursor.token() else { throw cursor.problem("\(token.text) needs a value") }
                    value = given
                }
                cursor.skipSpaces()
                guard cursor.isAtLineEnd else { throw cursor.problem("unexpected text after the predicate") }
                let text = cursor.text(since: start)
                cursor.skipLine()
                return HurlAssert(query: query, filters: filters, negated: negated, predicate: token.text, value: value, line: line, text: text)
            } else if negated {
                throw problem(at: token, "expected a predicate after not, found \(token.text.debugDescription)")
            } else if token.kind == .word {
                filters.append(HurlFilter(name: token.text, arguments: []))
            } else if !filters.isEmpty {
                filters[filters.count - 1].arguments.append(token)
            } else {
                throw problem(at: token, "expected a filter or a predicate, found \(token.text.debugDescription)")
            }
        }
    }

    /// `status`, `header "Name"`, `jsonpath "$.x"`…
    private mutating func query() throws(FileProblem) -> HurlQuery {
        guard let token = try cursor.token(), token.kind == .word else { throw cursor.problem("expected a query (status, header, jsonpath, body…)") }
        guard Self.queriesWithArgument.contains(token.text) else { return HurlQuery(kind: token.text, argument: nil) }
        guard let argument = try cursor.token(), argument.kind != .word else {
            throw cursor.problem("\(token.text) needs a quoted argument")
        }
        return HurlQuery(kind: token.text, argument: argument)
    }

    func problem(at token: HurlToken, _ message: String) -> FileProblem {
        FileProblem(file: cursor.file, line: token.line, column: token.column, key: nil, message: message)
    }
}
