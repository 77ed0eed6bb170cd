import Foundation

/// The storage model of RFC 6265 §5.3 with the stricter rules of RFC 6265bis that browsers ship.
extension CookieJar {
    mutating func store(_ parsed: CookieParser.Parsed, from url: URL, now: Date) throws(CookieRejection.Reason) {
        guard let host = CookieDomain.host(of: url) else { throw .noHost }
        let secureOrigin = CookieDomain.isSecureOrigin(scheme: url.scheme, host: host)
        let (domain, hostOnly) = try Self.scope(domainAttribute: parsed.domain, host: host)
        let path = parsed.path ?? CookiePath.defaultPath(of: url)
        // Plain HTTP could otherwise plant or overwrite cookies that https pages trust.
        if parsed.secure && !secureOrigin { throw .secureFromInsecureOrigin }
        if !Self.keepsPrefixPromise(parsed, path: path) { throw .prefixViolation }
        if !parsed.secure && !secureOrigin && shadowsSecureCookie(name: parsed.name, domain: domain, path: path) {
            throw .wouldShadowSecureCookie
        }

        let key = Key(name: parsed.name, domain: domain, path: path)
        let creation = storage[key]?.creation ?? now
        storage[key] = nil
        let expires = Self.expiry(of: parsed, now: now)
        if let expires, expires <= now { return }  // an expired replacement is a deletion
        storage[key] = Cookie(name: parsed.name, value: parsed.value, domain: domain, hostOnly: hostOnly, path: path,
                              expires: expires, secure: parsed.secure, httpOnly: parsed.httpOnly,
                              sameSite: parsed.sameSite, creation: creation, lastAccess: now)
        evict(sparing: key)
    }

    /// The cookie's domain and host-only flag (§5.3 steps 4-6). Without a public suffix list, a
    /// Domain with a single label (`com`, `localhost`) only stands for the host itself, and an IP
    /// address never covers other hosts.
    static func scope(domainAttribute: String?, host: String) throws(CookieRejection.Reason) -> (domain: String, hostOnly: Bool) {
        guard let attribute = domainAttribute else { return (host, true) }
        let isIP = CookieDomain.isIPAddress(host)
        let singleLabel = attribute.utf8.split(separator: UInt8(ascii: ".")).count < 2
        if attribute == host && (isIP || singleLabel) { return (host, true) }
        if isIP { throw .domainMismatch(attribute) }
        if singleLabel { throw .publicSuffix(attribute) }
        guard CookieDomain.matches(host: host, domain: attribute) else { throw .domainMismatch(attribute) }
        return (attribute, false)
    }

    /// Max-Age wins over Expires (§5.3 step 3); both are capped at `maxLifetime`. Nil is a session cookie.
    static func expiry(of parsed: CookieParser.Parsed, now: Date) -> Date? {
        let latest = now.addingTimeInterval(maxLifetime)
        if let maxAge = parsed.maxAge {
            return maxAge <= 0 ? .distantPast : min(now.addingTimeInterval(TimeInterval(maxAge)), latest)
        }
        return parsed.expires.map { min($0, latest) }
    }

    /// `__Secure-` promises a Secure cookie; `__Host-` also one bound to exactly this host and
    /// every path (RFC 6265bis §4.1.3). Matched case-insensitively, as browsers now do.
    static func keepsPrefixPromise(_ parsed: CookieParser.Parsed, path: String) -> Bool {
        let name = parsed.name.lowercased()
        if name.hasPrefix("__secure-") { return parsed.secure }
        if name.hasPrefix("__host-") { return parsed.secure && parsed.domain == nil && path == "/" }
        return true
    }

    /// RFC 6265bis §5.7 step 16: plain HTTP may not set a cookie that would be sent in place of,
    /// or alongside, a Secure one of the same name.
    func shadowsSecureCookie(name: String, domain: String, path: String) -> Bool {
        storage.values.contains { old in
            old.secure && old.name == name
                && (CookieDomain.matches(host: old.domain, domain: domain) || CookieDomain.matches(host: domain, domain: old.domain))
                && CookiePath.matches(requestPath: path, cookiePath: old.path)
        }
    }

    /// After one insertion at most one cookie per limit is over; the least recently used other
    /// than the newcomer goes (§5.3, "excess cookies").
    mutating func evict(sparing key: Key) {
        let sameDomain = storage.values.filter { $0.domain == key.domain && Key($0) != key }
        if sameDomain.count >= Self.maxCookiesPerDomain, let victim = sameDomain.min(by: Self.evictedFirst) {
            storage[Key(victim)] = nil
        }
        if storage.count > Self.maxCookies,
           let victim = storage.values.filter({ Key($0) != key }).min(by: Self.evictedFirst) {
            storage[Key(victim)] = nil
        }
    }

    /// Brings a whole jar within the limits at once, keeping the most recently used (for decoding).
    mutating func enforceLimits() {
        guard storage.count > Self.maxCookiesPerDomain else { return }
        var perDomain: [String: Int] = [:]
        var kept: [Key: Cookie] = [:]
        for cookie in storage.values.sorted(by: Self.evictedFirst).reversed() where kept.count < Self.maxCookies {
            guard perDomain[cookie.domain, default: 0] < Self.maxCookiesPerDomain else { continue }
            perDomain[cookie.domain, default: 0] += 1
            kept[Key(cookie)] = cookie
        }
        storage = kept
    }

    /// Least recently used first; ties broken by creation and identity so eviction never depends
    /// on dictionary order, which changes from run to run.
    static func evictedFirst(_ a: Cookie, _ b: Cookie) -> Bool {
        (a.lastAccess, a.creation, a.domain, a.path, a.name) < (b.lastAccess, b.creation, b.domain, b.path, b.name)
    }
}
