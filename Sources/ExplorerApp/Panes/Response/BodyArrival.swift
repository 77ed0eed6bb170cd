import TUICore

/// A response body while it arrives (SPEC §10): its head, the bytes so far (of the length
/// announced, when there was one) and the first screens, so the pane shows it before the end.
public struct BodyArrival: Sendable, Equatable {
    public var status: Int
    public var contentType: String?
    public var received: Int
    /// `Content-Length`, when the server sent one.
    public var expected: Int?
    /// Since the head came, for the rate.
    public var seconds: Double
    /// The first screens of the body (at most `BodyDocument.firstScreenBytes`); nil when the
    /// ones shown already are the same.
    public var preview: BodyDocument?

    public init(status: Int, contentType: String?, received: Int, expected: Int?, seconds: Double, preview: BodyDocument?) {
        self.status = status
        self.contentType = contentType
        self.received = received
        self.expected = expected
        self.seconds = seconds
        self.preview = preview
    }

    /// `200 · 1.2 MB of 300 MB · 45.1 MB/s`.
    var progress: String {
        var words = ResponseSummaryText.size(received)
        if let expected { words += " of " + ResponseSummaryText.size(expected) }
        if seconds > 0.05 { words += " · " + ResponseSummaryText.size(Int(Double(received) / seconds)) + "/s" }
        return words
    }
}
