import RequestModel

/// The panes' draft and the one request type (what a saved-requests file or a session keeps):
/// the one place the panes' content converts to and from it.
extension RequestDraft {
    public init(_ request: RequestSpec) {
        self.init(method: request.method, url: request.url, headers: request.headers, body: request.body)
    }

    /// The draft as a request named `name` (nil for a session's exchange, which names itself).
    /// What the panes do not show (SPEC §8's vars, captures, asserts, poll) is `base`'s: saving
    /// over a request keeps them.
    public func request(named name: String? = nil, over base: RequestSpec? = nil) -> RequestSpec {
        var request = base ?? RequestSpec(url: url)
        request.name = name
        request.method = method
        request.url = url
        request.headers = headers
        request.body = body
        return request
    }
}
