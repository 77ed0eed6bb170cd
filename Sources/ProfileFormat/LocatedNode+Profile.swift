import HTTPParsing
import LocatedYAML

/// The values a profile's keys hold, read where their place is known.
extension LocatedNode {
    /// Text that may hold `${env:NAME}` references, each of which must be well formed.
    func referencing() throws(ProfileProblem) -> String {
        try checkReferences(in: try string())
    }

    func checkReferences(in text: String) throws(ProfileProblem) -> String {
        let written = text.components(separatedBy: "${env:").count - 1
        guard written == EnvironmentReference.names(in: text).count else {
            throw problem("write each environment reference as ${env:NAME}, NAME being letters, digits and _ (found \(QuotedValue.quoted(text)))")
        }
        return text
    }

    /// An HTTP method (a token), uppercased.
    func method() throws(ProfileProblem) -> String {
        let method = try string().uppercased()
        guard FieldSyntax.isToken(method) else { throw problem("\(QuotedValue.quoted(method)) is not a method") }
        return method
    }

    func seconds() throws(ProfileProblem) -> Double {
        try number("a number of seconds")
    }

    /// `{ Name: value, … }` in file order, every value text.
    func headers() throws(ProfileProblem) -> [Profile.Header] {
        try entries().map { (name, value) throws(ProfileProblem) in
            let header = Profile.Header(name, try value.referencing())
            // A header that could never be sent is refused here, where its line is known.
            if let problem = FieldSyntax.headerProblem(name: header.name, value: header.value) { throw value.problem(problem) }
            return header
        }
    }
}
