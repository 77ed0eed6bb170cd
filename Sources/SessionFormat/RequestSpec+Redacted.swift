import RequestModel

extension RequestSpec {
    /// The recorded request, to send it again: a header that was redacted (`•••`) is left out, as
    /// the profile supplies credentials now.
    public var withoutRedactedHeaders: RequestSpec {
        var copy = self
        copy.headers.removeAll { $0.value == SessionFormat.mask }
        return copy
    }
}
