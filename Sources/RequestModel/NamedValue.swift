/// A name and its value, in the order given: a header, or one `name=value` field of a form. One
/// type for profiles, saved requests, sessions and the TUI's draft, so they pass values as they are.
public struct NamedValue: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
