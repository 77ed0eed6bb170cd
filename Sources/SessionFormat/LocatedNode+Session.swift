import LocatedYAML
import RequestModel

extension LocatedNode {
    /// `- "Name: value"` items.
    func headerLines() throws(SessionProblem) -> [Session.Field] {
        try sequence().map { (item) throws(SessionProblem) in
            let text = try item.string()
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw item.problem("expected \"Name: value\", found \(QuotedText.capped(text))")
            }
            var value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
            return Session.Field(String(text[..<colon]), String(value))
        }
    }
}
