import Foundation

/// An RFC 6265 cookie store as a plain value, so a profile can own, copy, compare and persist it.
/// Nothing reads the clock: every call takes `now`, which keeps tests and fuzzing deterministic.
///
/// Bounded on hostile input: `Set-Cookie` values over `maxHeaderBytes` are ignored, name plus
/// value may not exceed `maxNameValueBytes`, and beyond `maxCookiesPerDomain` or `maxCookies`
/// the least recently used cookies are evicted.
public struct CookieJar: Sendable, Equatable {
    public static let maxHeaderBytes = 8 * 1024
    public static let maxNameValueBytes = 4096
    public static let maxCookiesPerDomain = 50
    public static let maxCookies = 3000
    /// Browsers cap lifetimes at 400 days (RFC 6265bis §5.5), so no cookie lives "forever".
    public static let maxLifetime: TimeInterval = 400 * 86_400

    /// RFC 6265 §5.3 identifies a cookie by name, domain and path; a new one replaces its namesake.
    struct Key: Hashable {
        let name: String
        let domain: String
        let path: String

        init(_ cookie: Cookie) { self.init(name: cookie.name, domain: cookie.domain, path: cookie.path) }
        init(name: String, domain: String, path: String) {
            self.name = name
            self.domain = domain
            self.path = path
        }
    }

    var storage: [Key: Cookie] = [:]

    public init() {}

    /// Every stored cookie, ordered by domain, path and name for stable display and files.
    public var cookies: [Cookie] {
        storage.values.sorted { ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name) }
    }

    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    /// Stores the cookies of one response's `Set-Cookie` header values, received from `url` at `now`.
    /// Call it for every response, redirect hops included, with the URL of that hop. Invalid cookies
    /// are skipped and returned with the reason; a cookie that arrives already expired deletes its
    /// namesake, which is how servers log out, and is not a rejection.
    @discardableResult
    public mutating func store(setCookieHeaders: [String], from url: URL, now: Date) -> [CookieRejection] {
        removeExpired(now: now)
        var rejections: [CookieRejection] = []
        for (index, header) in setCookieHeaders.enumerated() {
            do {
                let parsed = try CookieParser.parse(header)
                do {
                    try store(parsed, from: url, now: now)
                } catch {
                    rejections.append(CookieRejection(index: index, name: parsed.name, reason: error))
                }
            } catch {
                rejections.append(CookieRejection(index: index, name: nil, reason: error))
            }
        }
        return rejections
    }

    public mutating func removeExpired(now: Date) {
        guard storage.values.contains(where: { $0.isExpired(at: now) }) else { return }
        storage = storage.filter { !$0.value.isExpired(at: now) }
    }

    /// Drops cookies without an expiry, as a browser does when its session ends; for example
    /// before saving a profile, if session cookies should not outlive the run.
    public mutating func removeSessionCookies() {
        storage = storage.filter { !$0.value.isSession }
    }

    public mutating func removeAll() {
        storage.removeAll()
    }
}
