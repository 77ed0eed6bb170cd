/// Which names `# @name` may carry: REST Client reads a request variable's name as one word
/// that it can later write as `{{name.response.body…}}`, so only letters, digits, `_` and `-`
/// (JetBrains takes any text, and `### name` keeps the name for it either way).
enum HTTPFileExportName {
    static func isRequestName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}
