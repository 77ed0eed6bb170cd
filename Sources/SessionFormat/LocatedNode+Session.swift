import LocatedYAML

extension LocatedNode {
    /// `- "Name: value"` items; one space after the colon is the writer's, the rest the value's.
    func headerLines() throws(SessionProblem) -> [Session.Field] {
        try pairs(separator: ":", form: "Name: value").map { Session.Field($0.name, String($0.value.first == " " ? $0.value.dropFirst() : $0.value)) }
    }
}
