/// Splits template text into its parts (see `Template`). `{{` without a closing `}}`, and `${env:`
/// without a name and `}`, stay text: JSON bodies and shell snippets hold such things. Without
/// `placeholders`, `{{…}}` is text too and only `${env:NAME}` is read: nothing is refused then.
enum TemplateParser {
    static func parts(of text: String, placeholders: Bool = true) throws(TemplateProblem) -> [Template.Part] {
        let scalars = Array(text.unicodeScalars)
        var parts: [Template.Part] = []
        var literal = String.UnicodeScalarView()
        func flush() {
            if !literal.isEmpty { parts.append(.text(String(literal))) }
            literal = String.UnicodeScalarView()
        }
        var index = 0
        while index < scalars.count {
            if placeholders, starts(scalars, at: index, with: "{{"), let close = find(scalars, "}}", from: index + 2) {
                flush()
                parts.append(try placeholder(scalars[(index + 2)..<close], in: text))
                index = close + 2
            } else if starts(scalars, at: index, with: "${env:"), let close = find(scalars, "}", from: index + 6),
                      isName(scalars[(index + 6)..<close], allowing: []) {
                flush()
                parts.append(.environment(String(String.UnicodeScalarView(scalars[(index + 6)..<close]))))
                index = close + 1
            } else {
                literal.append(scalars[index])
                index += 1
            }
        }
        flush()
        return parts
    }

    /// One `{{…}}`'s inside; its indices are those of the whole text, for columns.
    private static func placeholder(_ inside: ArraySlice<Unicode.Scalar>, in text: String) throws(TemplateProblem) -> Template.Part {
        var content = inside
        while let first = content.first, first == " " { content = content.dropFirst() }
        while let last = content.last, last == " " { content = content.dropLast() }
        let written = String(String.UnicodeScalarView(content))
        func problem(_ message: String, at index: Int) -> TemplateProblem {
            TemplateProblem(template: text, message: message, column: index + 1)
        }
        guard !content.isEmpty else { throw problem("{{}} names nothing: write {{name}}, {{NAME.json PATH}} or {{json PATH}}", at: inside.startIndex) }

        // `json…` or `NAME.json…`: a path into a JSON document.
        var document: String?
        var rest = content
        if !starts(content, with: "json"), let dot = content.firstIndex(of: "."), starts(content[(dot + 1)...], with: "json") {
            document = String(String.UnicodeScalarView(content[..<dot]))
            rest = content[(dot + 1)...]
        }
        if starts(rest, with: "json"), rest.count == 4 || [" ", "."].contains(rest[rest.startIndex + 4]) {
            if let document, !isName(document.unicodeScalars[...], allowing: ["-"]) {
                throw problem("\(document.debugDescription) is not a document name", at: content.startIndex)
            }
            var pathText = rest.dropFirst(4)
            if pathText.first == "." { pathText = pathText.dropFirst() } else {
                while let first = pathText.first, first == " " { pathText = pathText.dropFirst() }
            }
            let path: JSONPath
            do throws(JSONPathProblem) {
                path = try JSONPath(pathText.isEmpty ? "$" : String(String.UnicodeScalarView(pathText)))
            } catch {
                throw problem("{{\(written)}}: \(error.message)", at: pathText.startIndex + error.column - 1)
            }
            return .json(document: document, path: path)
        }
        guard isName(content, allowing: ["-", "."]) else {
            throw problem("{{\(written)}} is not a placeholder: write {{name}}, {{NAME.json PATH}} or {{json PATH}}", at: content.startIndex)
        }
        return .variable(written)
    }

    /// A letter or `_`, then letters, digits, `_` and the `extra` scalars.
    static func isName(_ scalars: some Collection<Unicode.Scalar>, allowing extra: Set<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || extra.contains($0)) }
    }

    private static func starts(_ scalars: some Collection<Unicode.Scalar>, with prefix: String) -> Bool {
        scalars.starts(with: prefix.unicodeScalars)
    }

    private static func starts(_ scalars: [Unicode.Scalar], at index: Int, with prefix: String) -> Bool {
        scalars[index...].starts(with: prefix.unicodeScalars)
    }

    private static func find(_ scalars: [Unicode.Scalar], _ needle: String, from start: Int) -> Int? {
        let needle = Array(needle.unicodeScalars)
        var index = start
        while index + needle.count <= scalars.count {
            if scalars[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// A template that cannot be read, and where: `column` is 1-based, in characters of the template.
public struct TemplateProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var template: String
    public var message: String
    public var column: Int

    public var description: String { "\(message) (column \(column))" }
}
