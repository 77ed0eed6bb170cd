import Foundation

/// The retrieval rules of RFC 6265 §5.4.
extension CookieJar {
    /// The `Cookie` header value for a request to `url` at `now`, or nil when no cookie applies.
    /// Call it for every request, redirect hops included. Marks the sent cookies as used.
    public mutating func cookieHeader(for url: URL, now: Date) -> String? {
        removeExpired(now: now)
        let sent = cookies(for: url, now: now)
        for cookie in sent {
            storage[Key(cookie)]?.lastAccess = now
        }
        return sent.isEmpty ? nil : sent.map(\.pair).joined(separator: "; ")
    }

    /// The cookies a request to `url` would carry, in header order, without marking them used.
    public func cookies(for url: URL, now: Date) -> [Cookie] {
        guard let host = CookieDomain.host(of: url) else { return [] }
        let path = CookiePath.requestPath(of: url)
        let secure = CookieDomain.isSecureOrigin(scheme: url.scheme, host: host)
        return storage.values
            .filter { cookie in
                !cookie.isExpired(at: now)
                    && (cookie.hostOnly ? host == cookie.domain : CookieDomain.matches(host: host, domain: cookie.domain))
                    && CookiePath.matches(requestPath: path, cookiePath: cookie.path)
                    && (secure || !cookie.secure)
            }
            .sorted(by: Self.headerOrder)
    }

    /// Longer (more specific) paths first, then older cookies (§5.4 step 2); the rest only makes
    /// the order independent of dictionary order.
    static func headerOrder(_ a: Cookie, _ b: Cookie) -> Bool {
        let aPath = a.path.utf8.count, bPath = b.path.utf8.count
        if aPath != bPath { return aPath > bPath }
        return (a.creation, a.domain, a.path, a.name) < (b.creation, b.domain, b.path, b.name)
    }
}
