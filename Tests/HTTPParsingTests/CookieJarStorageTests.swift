import Foundation
import Testing
@testable import Cookies

/// Fixed clock and helpers shared by the cookie jar tests.
enum CookieTestSupport {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 GMT

    static func url(_ text: String) -> URL { URL(string: text)! }

    /// Stores `headers` from `url`, expecting every one to be accepted.
    static func store(_ jar: inout CookieJar, _ headers: String..., from url: String, at date: Date = now,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let rejections = jar.store(setCookieHeaders: headers, from: Self.url(url), now: date)
        #expect(rejections.isEmpty, "\(rejections)", sourceLocation: sourceLocation)
    }

    /// The single reason `header` from `url` is rejected, if it is.
    static func rejection(_ jar: inout CookieJar, _ header: String, from url: String) -> CookieRejection.Reason? {
        let rejections = jar.store(setCookieHeaders: [header], from: Self.url(url), now: now)
        return rejections.first?.reason
    }

    static func header(_ jar: inout CookieJar, for url: String, at date: Date = now) -> String? {
        jar.cookieHeader(for: Self.url(url), now: date)
    }
}

@Suite struct CookieJarStorageTests {
    typealias T = CookieTestSupport

    @Test func withoutDomainACookieIsHostOnly() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1", from: "http://Example.COM/")
        let cookie = try #require(jar.cookies.first)
        #expect(cookie.domain == "example.com" && cookie.hostOnly)
        #expect(T.header(&jar, for: "http://example.com/x") == "a=1")
        #expect(T.header(&jar, for: "http://www.example.com/") == nil)
    }

    @Test func aDomainAttributeCoversSubdomains() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1; Domain=.Example.com", from: "http://www.example.com/")
        let cookie = try #require(jar.cookies.first)
        #expect(cookie.domain == "example.com" && !cookie.hostOnly)
        for host in ["example.com", "www.example.com", "a.b.example.com"] {
            #expect(T.header(&jar, for: "http://\(host)/") == "a=1", "\(host)")
        }
        for host in ["notexample.com", "example.org", "com"] {
            #expect(T.header(&jar, for: "http://\(host)/") == nil, "\(host)")
        }
    }

    @Test func theDomainMustCoverTheRespondingHost() {
        var jar = CookieJar()
        #expect(T.rejection(&jar, "a=1; Domain=other.com", from: "http://www.example.com/") == .domainMismatch("other.com"))
        #expect(T.rejection(&jar, "a=1; Domain=sub.www.example.com", from: "http://www.example.com/")
                == .domainMismatch("sub.www.example.com"))
        #expect(T.rejection(&jar, "a=1; Domain=ample.com", from: "http://example.com/") == .domainMismatch("ample.com"))
        #expect(jar.isEmpty)
    }

    @Test func singleLabelDomainsOnlyMeanTheHostItself() throws {
        var jar = CookieJar()
        #expect(T.rejection(&jar, "a=1; Domain=com", from: "http://example.com/") == .publicSuffix("com"))
        #expect(T.rejection(&jar, "a=1; Domain=.com.", from: "http://example.com./") == .publicSuffix("com."))
        T.store(&jar, "a=1; Domain=localhost", from: "http://localhost:8080/")
        let cookie = try #require(jar.cookies.first)
        #expect(cookie.domain == "localhost" && cookie.hostOnly)
    }

    @Test func ipAddressHostsAreHostOnly() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1; Domain=127.0.0.1", from: "http://127.0.0.1:8080/")
        T.store(&jar, "b=2", from: "http://[::1]:8080/")
        #expect(jar.cookies.map(\.domain) == ["127.0.0.1", "::1"])
        #expect(jar.cookies.allSatisfy { $0.hostOnly })
        #expect(T.rejection(&jar, "c=3; Domain=0.0.1", from: "http://127.0.0.1/") == .domainMismatch("0.0.1"))
        #expect(T.header(&jar, for: "http://[::1]/") == "b=2")
    }

    @Test func aURLWithoutHostStoresNothing() {
        var jar = CookieJar()
        #expect(T.rejection(&jar, "a=1", from: "file:///tmp/x") == .noHost)
    }

    @Test(arguments: [
        ("http://example.com/docs/page", "/docs"), ("http://example.com/docs/", "/docs"),
        ("http://example.com/page", "/"), ("http://example.com", "/"), ("http://example.com/a/b/c?q=/x/y", "/a/b"),
    ])
    func thePathDefaultsToTheRequestDirectory(_ url: String, _ path: String) {
        var jar = CookieJar()
        T.store(&jar, "a=1", from: url)
        T.store(&jar, "b=1; Path=relative", from: url)  // not absolute: the default too
        #expect(jar.cookies.map(\.path) == [path, path])
    }

    @Test func maxAgeWinsOverExpires() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1; Expires=Sun, 06 Nov 1994 08:49:37 GMT; Max-Age=60", from: "http://example.com/")
        T.store(&jar, "b=1; Max-Age=60; Expires=Sun, 06 Nov 2039 08:49:37 GMT", from: "http://example.com/")
        #expect(jar.cookies.map(\.expires) == [T.now + 60, T.now + 60])
    }

    @Test func expiresSetsTheExpiryAndNoneMakesASessionCookie() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1; Expires=Wed, 15 Nov 2023 22:13:20 GMT", "b=2", from: "http://example.com/")
        #expect(jar.cookies.map(\.expires) == [T.now + 86_400, nil])
        #expect(jar.cookies.map(\.isSession) == [false, true])
    }

    @Test func lifetimesAreCappedAt400Days() {
        var jar = CookieJar()
        T.store(&jar, "a=1; Max-Age=999999999", "b=1; Expires=Fri, 31 Dec 9999 23:59:59 GMT", from: "http://example.com/")
        #expect(jar.cookies.map(\.expires) == [T.now + 400 * 86_400, T.now + 400 * 86_400])
    }

    @Test(arguments: ["Max-Age=0", "Max-Age=-1", "Expires=Sun, 06 Nov 1994 08:49:37 GMT", "Max-Age=0; Expires=Sun, 06 Nov 2039 08:49:37 GMT"])
    func anExpiredCookieDeletesItsNamesake(_ attribute: String) {
        var jar = CookieJar()
        T.store(&jar, "a=1", "keep=1", from: "http://example.com/")
        T.store(&jar, "a=gone; \(attribute)", from: "http://example.com/")
        #expect(jar.cookies.map(\.name) == ["keep"])
    }

    @Test func cookiesExpireWithTime() {
        var jar = CookieJar()
        T.store(&jar, "a=1; Max-Age=60", "b=2", from: "http://example.com/")
        #expect(T.header(&jar, for: "http://example.com/", at: T.now + 59) == "a=1; b=2")
        #expect(jar.cookies(for: T.url("http://example.com/"), now: T.now + 60).map(\.name) == ["b"])
        #expect(jar.count == 2)
        jar.removeExpired(now: T.now + 60)
        #expect(jar.cookies.map(\.name) == ["b"])
    }

    @Test func secureCookiesNeedASecureOrigin() {
        var jar = CookieJar()
        #expect(T.rejection(&jar, "a=1; Secure", from: "http://example.com/") == .secureFromInsecureOrigin)
        T.store(&jar, "a=1; Secure", from: "https://example.com/")
        T.store(&jar, "b=1; Secure", from: "http://localhost:8080/")  // loopback counts as secure, as in browsers
        #expect(jar.cookies.map(\.secure) == [true, true])
    }

    @Test func plainHTTPCannotShadowASecureCookie() {
        var jar = CookieJar()
        T.store(&jar, "id=good; Secure; Domain=example.com", from: "https://www.example.com/")
        #expect(T.rejection(&jar, "id=evil", from: "http://example.com/") == .wouldShadowSecureCookie)
        #expect(T.rejection(&jar, "id=evil; Path=/sub", from: "http://www.example.com/") == .wouldShadowSecureCookie)
        T.store(&jar, "other=1", from: "http://example.com/")
        T.store(&jar, "id=fine", from: "http://elsewhere.com/")
        T.store(&jar, "id=also", from: "https://www.example.com/")  // https may
        #expect(jar.cookies.map(\.pair) == ["id=fine", "id=good", "other=1", "id=also"])
    }

    @Test func namePrefixesKeepTheirPromise() {
        var jar = CookieJar()
        #expect(T.rejection(&jar, "__Secure-a=1", from: "https://example.com/") == .prefixViolation)
        #expect(T.rejection(&jar, "__secure-a=1", from: "https://example.com/") == .prefixViolation)
        #expect(T.rejection(&jar, "__Host-a=1; Secure; Path=/; Domain=example.com", from: "https://example.com/") == .prefixViolation)
        #expect(T.rejection(&jar, "__Host-a=1; Secure", from: "https://example.com/docs/page") == .prefixViolation)
        #expect(T.rejection(&jar, "__Host-a=1; Path=/", from: "https://example.com/") == .prefixViolation)
        T.store(&jar, "__Secure-a=1; Secure", "__Host-b=1; Secure; Path=/", from: "https://example.com/docs/page")
        #expect(jar.count == 2)
    }

    @Test func aNewCookieReplacesItsNamesakeButKeepsItsCreationTime() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1", from: "http://example.com/")
        T.store(&jar, "a=2; HttpOnly", from: "http://example.com/", at: T.now + 10)
        T.store(&jar, "a=3; Path=/other", from: "http://example.com/", at: T.now + 20)  // another path: another cookie
        let cookies = jar.cookies
        #expect(cookies.map(\.pair) == ["a=2", "a=3"])
        #expect(cookies.map(\.creation) == [T.now, T.now + 20])
        #expect(cookies.map(\.lastAccess) == [T.now + 10, T.now + 20])
        #expect(cookies.map(\.httpOnly) == [true, false])
    }

    @Test func hostOnlyIsNotPartOfACookiesIdentity() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1", from: "http://example.com/")
        T.store(&jar, "a=2; Domain=example.com", from: "http://example.com/")
        let cookie = try #require(jar.cookies.first)
        #expect(jar.count == 1 && cookie.value == "2" && !cookie.hostOnly)
    }

    @Test func attributesAreRecorded() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1; HttpOnly; SameSite=Strict; Secure", from: "https://example.com/")
        let cookie = try #require(jar.cookies.first)
        #expect(cookie.httpOnly && cookie.secure && cookie.sameSite == .strict)
    }

    @Test func rejectionsSayWhichHeaderAndWhy() {
        var jar = CookieJar()
        let rejections = jar.store(setCookieHeaders: ["good=1", "bad", "evil=1; Domain=other.com", "fine=2"],
                                   from: T.url("http://example.com/"), now: T.now)
        #expect(rejections == [CookieRejection(index: 1, name: nil, reason: .missingEquals),
                               CookieRejection(index: 2, name: "evil", reason: .domainMismatch("other.com"))])
        #expect(rejections.map(\.description) == ["Set-Cookie #1: no '=' in the name-value pair",
                                                  #"Set-Cookie #2 (evil): Domain="other.com" does not match the host"#])
        #expect(jar.cookies.map(\.name) == ["fine", "good"])
    }
}
