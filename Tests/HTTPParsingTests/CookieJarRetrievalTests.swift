import Foundation
import Testing
@testable import Cookies

@Suite struct CookieJarRetrievalTests {
    typealias T = CookieTestSupport

    @Test func pathsMatchOnSegmentBoundaries() {
        var jar = CookieJar()
        T.store(&jar, "a=1; Path=/docs", "b=1; Path=/docs/", from: "http://example.com/")
        for (path, expected) in [("/docs", "a=1"), ("/docs/", "b=1; a=1"), ("/docs/x?y", "b=1; a=1"),
                                 ("/docsx", nil), ("/", nil), ("/Docs", nil), ("", nil)] {
            #expect(T.header(&jar, for: "http://example.com" + path) == expected, "\(path)")
        }
    }

    @Test func secureCookiesAreOnlySentOverSecureConnections() {
        var jar = CookieJar()
        T.store(&jar, "s=1; Secure", "p=1", from: "https://example.com/")
        #expect(T.header(&jar, for: "https://example.com/") == "p=1; s=1")  // same creation time: by name
        #expect(T.header(&jar, for: "http://example.com/") == "p=1")
        #expect(T.header(&jar, for: "wss://example.com/") == "p=1; s=1")
    }

    @Test func longerPathsFirstThenOlderCookies() {
        var jar = CookieJar()
        T.store(&jar, "late=1", from: "http://example.com/", at: T.now + 2)
        T.store(&jar, "deep=1; Path=/a/b", from: "http://example.com/", at: T.now + 3)
        T.store(&jar, "early=1", from: "http://example.com/", at: T.now + 1)
        T.store(&jar, "mid=1; Path=/a", from: "http://example.com/", at: T.now + 4)
        #expect(T.header(&jar, for: "http://example.com/a/b/c", at: T.now + 5) == "deep=1; mid=1; early=1; late=1")
        // Replacing keeps the creation time, and with it the position.
        T.store(&jar, "early=2", from: "http://example.com/", at: T.now + 6)
        #expect(T.header(&jar, for: "http://example.com/", at: T.now + 7) == "early=2; late=1")
    }

    @Test func sendingMarksCookiesUsedButPreviewingDoesNot() throws {
        var jar = CookieJar()
        T.store(&jar, "a=1; Path=/a", "b=1; Path=/b", from: "http://example.com/")
        #expect(jar.cookies(for: T.url("http://example.com/a"), now: T.now + 5).map(\.name) == ["a"])
        #expect(jar.cookies.map(\.lastAccess) == [T.now, T.now])
        _ = T.header(&jar, for: "http://example.com/a", at: T.now + 5)
        #expect(jar.cookies.map(\.lastAccess) == [T.now + 5, T.now])
    }

    @Test func nothingToSendIsNil() {
        var jar = CookieJar()
        #expect(T.header(&jar, for: "http://example.com/") == nil)
        #expect(T.header(&jar, for: "file:///tmp") == nil)
    }

    @Test func removeAllAndSessionCookies() {
        var jar = CookieJar()
        T.store(&jar, "session=1", "persistent=1; Max-Age=600", from: "http://example.com/")
        jar.removeSessionCookies()
        #expect(jar.cookies.map(\.name) == ["persistent"])
        jar.removeAll()
        #expect(jar.isEmpty)
    }
}
