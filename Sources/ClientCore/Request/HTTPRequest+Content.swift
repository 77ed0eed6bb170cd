import Foundation

// Chainable content setters, as in the IndomioHTTP document: query, JSON, form, multipart.
extension HTTPRequest {
    /// A text body, UTF-8.
    public func body(_ text: String, contentType: String? = "text/plain; charset=utf-8") -> Self {
        body(Data(text.utf8), contentType: contentType)
    }

    /// A JSON body from dictionaries, arrays, strings, numbers, bools and `NSNull`.
    public func json(_ object: Any) -> Self {
        var copy = self
        let representable = JSONSerialization.isValidJSONObject(object)
            || object is String || object is Bool || object is Int || object is Double || object is NSNull
        if representable,
           let data = try? JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .withoutEscapingSlashes]) {
            copy.body = .json(data)
        } else {
            copy.body = .invalid("the JSON body holds a value JSON cannot represent (\(type(of: object)))")
        }
        return copy
    }

    /// A JSON body from an `Encodable` value, encoded with the client's encoder
    /// (see `HTTPClient.configureJSONEncoder`, Decree's configure hook).
    public func json<Value: Encodable & Sendable>(_ value: Value) -> Self { body(.encodable(value)) }

    /// An `application/x-www-form-urlencoded` body; values convert as query values do.
    public func formURLEncoded(_ fields: [String: Any]) -> Self {
        guard case .object(let entries) = QueryValue(any: fields) else { return self }
        return body(.form(entries))
    }

    public func formURLEncoded(_ fields: [QueryEntry]) -> Self { body(.form(fields)) }

    /// A `multipart/form-data` body, built part by part.
    public func multipart(_ build: (inout MultipartForm) -> Void) -> Self {
        var form = MultipartForm()
        build(&form)
        return body(.multipart(form))
    }

    /// Query parameters from `Any` values: numbers, bools, dates, arrays, nested dictionaries
    /// (`k[sub]`). A dictionary's keys go in sorted order so the URL is stable.
    public func query(_ parameters: [String: Any]) -> Self {
        guard case .object(let entries) = QueryValue(any: parameters) else { return self }
        var copy = self
        copy.parameters += entries
        return copy
    }

    /// Query parameters in the order given.
    public func query(_ parameters: [QueryEntry]) -> Self {
        var copy = self
        copy.parameters += parameters
        return copy
    }

    /// How `query(_:)` parameters and form bodies write arrays and booleans.
    public func queryEncodingStyle(array: QueryEncodingStyle.ArrayStyle = .brackets,
                                   bool: QueryEncodingStyle.BoolStyle = .asNumbers) -> Self {
        var copy = self
        copy.queryStyle.array = array
        copy.queryStyle.bool = bool
        return copy
    }

    /// Credentials for this request only, instead of the client's.
    public func auth(_ auth: HTTPAuth?) -> Self {
        var copy = self
        copy.auth = auth
        return copy
    }
}
