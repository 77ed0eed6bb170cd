import Foundation

extension HTTPClient {
    /// The client's cookies (RFC 6265): filled from every response's `Set-Cookie`, redirect
    /// hops included, and sent with every request that has no `Cookie` header of its own.
    /// Settable, so a profile can restore a saved jar.
    public var cookies: CookieJar {
        get { cookieJar.withLock { $0 } }
        set { cookieJar.withLock { $0 = newValue } }
    }

    /// The `Cookie` header for `url`, if the jar has cookies for it (a `ws` URL's are its `http` URL's).
    func cookieHeader(for url: URL) -> String? {
        guard configuration.cookies else { return nil }
        return cookieJar.withLock { jar in jar.isEmpty ? nil : jar.cookieHeader(for: url.withScheme(webSocket: false), now: Date()) }
    }

    func storeCookies(from headers: HTTPHeaders, url: URL) {
        guard configuration.cookies else { return }
        let values = headers.values(for: "Set-Cookie")
        guard !values.isEmpty else { return }
        cookieJar.withLock { _ = $0.store(setCookieHeaders: values, from: url.withScheme(webSocket: false), now: Date()) }
    }
}
