import Foundation

/// One stored cookie (RFC 6265 §5.3). Only a `CookieJar` creates cookies, from `Set-Cookie`
/// headers or by decoding, so every value upholds the jar's invariants: a non-empty name,
/// no control characters, a canonical domain and a path starting with "/".
public struct Cookie: Sendable, Hashable, Codable {
    public let name: String
    public let value: String
    /// Lowercased, without a leading dot. For host-only cookies this is the exact request host.
    public let domain: String
    /// Sent only to `domain` itself, not its subdomains (no `Domain` attribute was given).
    public let hostOnly: Bool
    public let path: String
    /// Nil for a session cookie, which a persisted profile may choose to drop.
    public let expires: Date?
    public let secure: Bool
    public let httpOnly: Bool
    /// Recorded only: an API client has no notion of the "site" a request comes from.
    public let sameSite: CookieSameSite?
    /// Kept across replacements, so the retrieval order stays stable (RFC 6265 §5.3 step 11).
    public internal(set) var creation: Date
    /// Drives eviction when a limit is reached: the least recently sent cookie goes first.
    public internal(set) var lastAccess: Date

    init(name: String, value: String, domain: String, hostOnly: Bool, path: String, expires: Date?,
         secure: Bool, httpOnly: Bool, sameSite: CookieSameSite?, creation: Date, lastAccess: Date) {
        self.name = name
        self.value = value
        self.domain = domain
        self.hostOnly = hostOnly
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
        self.creation = creation
        self.lastAccess = lastAccess
    }

    public var isSession: Bool { expires == nil }

    public func isExpired(at now: Date) -> Bool {
        guard let expires else { return false }
        return expires <= now
    }

    /// The `name=value` pair as sent in a `Cookie` header.
    public var pair: String { "\(name)=\(value)" }
}

/// The `SameSite` attribute (RFC 6265bis §5.6.7); unknown values are not recorded.
public enum CookieSameSite: String, Sendable, Hashable, Codable, CaseIterable {
    case strict = "Strict"
    case lax = "Lax"
    case none = "None"
}

extension Cookie {
    enum CodingKeys: String, CodingKey {
        case name, value, domain, hostOnly, path, expires, secure, httpOnly, sameSite, creation, lastAccess
    }

    /// Decoding revalidates, because a persisted profile may have been edited by hand and a bad
    /// name or value would otherwise end up verbatim in a request header.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .name)
        let value = try c.decode(String.self, forKey: .value)
        if let problem = CookieParser.problem(name: name, value: value) {
            throw DecodingError.dataCorruptedError(forKey: .name, in: c, debugDescription: "Invalid cookie: \(problem)")
        }
        var domain = CookieDomain.canonical(try c.decode(String.self, forKey: .domain))
        if domain.hasPrefix(".") { domain.removeFirst() }  // hand-written, browser style
        guard !domain.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .domain, in: c, debugDescription: "Empty cookie domain")
        }
        let path = try c.decode(String.self, forKey: .path)
        guard path.utf8.first == UInt8(ascii: "/") else {
            throw DecodingError.dataCorruptedError(forKey: .path, in: c, debugDescription: "Cookie path must start with /")
        }
        self.init(name: name, value: value, domain: domain, hostOnly: try c.decode(Bool.self, forKey: .hostOnly),
                  path: path, expires: try c.decodeIfPresent(Date.self, forKey: .expires),
                  secure: try c.decode(Bool.self, forKey: .secure), httpOnly: try c.decode(Bool.self, forKey: .httpOnly),
                  sameSite: try c.decodeIfPresent(CookieSameSite.self, forKey: .sameSite),
                  creation: try c.decode(Date.self, forKey: .creation),
                  lastAccess: try c.decode(Date.self, forKey: .lastAccess))
    }
}
