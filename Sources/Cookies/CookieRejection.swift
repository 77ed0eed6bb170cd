/// Why one `Set-Cookie` header value was not stored. Rejections are never fatal: RFC 6265 has
/// user agents ignore bad cookies silently, and this only reports them for events and debugging.
public struct CookieRejection: Sendable, Hashable, CustomStringConvertible {
    /// Position of the header value in the array passed to `CookieJar.store`.
    public let index: Int
    /// The cookie's name, when the value got far enough to have one.
    public let name: String?
    public let reason: Reason

    public enum Reason: Error, Sendable, Hashable, CustomStringConvertible {
        /// Longer than `CookieJar.maxHeaderBytes`; not even parsed.
        case headerTooLong
        /// The name-value pair has no "=" (RFC 6265 §5.2 step 2).
        case missingEquals
        case emptyName
        /// A control character other than tab in the name or value, which could split the request
        /// header; or, from a decoded file, a ";" in either or a "=" in the name.
        case invalidCharacter
        /// Name plus value longer than `CookieJar.maxNameValueBytes`.
        case nameValueTooLong
        /// The response URL has no host to scope the cookie to.
        case noHost
        /// The `Domain` attribute does not cover the responding host (RFC 6265 §5.3 step 6).
        case domainMismatch(String)
        /// A `Domain` attribute without a dot, such as `com`, which would reach every site below it.
        case publicSuffix(String)
        /// `Secure` set over plain HTTP, which browsers refuse (RFC 6265bis §5.7 step 8).
        case secureFromInsecureOrigin
        /// Plain HTTP trying to shadow a Secure cookie of the same name (RFC 6265bis §5.7 step 16).
        case wouldShadowSecureCookie
        /// A `__Secure-` or `__Host-` name whose attributes break that prefix's promise.
        case prefixViolation

        public var description: String {
            switch self {
            case .headerTooLong: "Set-Cookie header too long"
            case .missingEquals: "no '=' in the name-value pair"
            case .emptyName: "empty cookie name"
            case .invalidCharacter: "invalid character in name or value"
            case .nameValueTooLong: "name and value too long"
            case .noHost: "response URL has no host"
            // debugDescription quotes and escapes: the domain is the server's text, maybe with line breaks.
            case .domainMismatch(let domain): "Domain=\(domain.debugDescription) does not match the host"
            case .publicSuffix(let domain): "Domain=\(domain.debugDescription) is a top-level domain"
            case .secureFromInsecureOrigin: "Secure cookie sent over an insecure connection"
            case .wouldShadowSecureCookie: "insecure cookie would shadow a Secure cookie"
            case .prefixViolation: "cookie name prefix requirements not met"
            }
        }
    }

    public var description: String {
        "Set-Cookie #\(index)\(name.map { " (\($0))" } ?? ""): \(reason)"
    }
}
