import HTTPTypes

// Typed header names from swift-http-types (`.acceptLanguage`, `.userAgent`, ...), beside
// plain strings for custom names, as the IndomioHTTP document's `HTTPHeaderField` offers.
extension HTTPHeaders {
    public subscript(name: HTTPField.Name) -> String? {
        get { self[name.rawName] }
        set { self[name.rawName] = newValue }
    }
}

extension HTTPRequest {
    public func header(_ name: HTTPField.Name, _ value: String) -> Self { header(name.rawName, value) }
}
