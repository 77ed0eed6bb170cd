extension ResponseJSON {
    /// A response body's document; a body over `maxBytes` is not read at all (nor a spooled file loaded).
    public init?(body: ResponseBody) {
        guard body.count <= Self.maxBytes else { return nil }
        self.init(data: body.data)
    }
}
