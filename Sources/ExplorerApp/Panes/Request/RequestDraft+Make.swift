extension RequestDraft {
    /// The draft the three editing panes describe, problems of all three included (in the
    /// order the panes are on screen, so the first problem is the topmost).
    public static func make(request: RequestPane, headers: HeadersPane, body: BodyPane) -> RequestDraft {
        RequestDraft(method: request.method,
                     url: request.urlText,
                     headers: headers.headers,
                     body: body.body,
                     problems: request.problems + headers.problems + body.problems)
    }
}
