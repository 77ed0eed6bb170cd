import Foundation
import Testing
@testable import Cookies
@testable import HTTPParsing

/// Random Set-Cookie strings from a fixed seed: nothing may crash, and the jar's invariants hold.
/// A stand-in until the libFuzzer target exists.
@Suite struct CookieJarFuzzTests {

    static let fragments = [
        "a", "sid", "=", "==", ";", "; ", " ", "\t", "\r\n", "\u{0}", "\u{7F}", "é", "🍪", "\"", ",", "-", ".", "/", ":",
        "Path", "Path=/", "Path=/a/b", "Domain", "Domain=", "Domain=.example.com", "Domain=com", "Domain=127.0.0.1",
        "Expires=", "Sun, 06 Nov 1994 08:49:37 GMT", "Wed, 09-Jun-21 10:18:14 GMT", "Max-Age=", "Max-Age=-1",
        "Max-Age=99999999999999999999999", "Secure", "HttpOnly", "SameSite=Lax", "SameSite=", "__Host-", "__Secure-",
        "0", "9", "99", "1601", "23:59:59", "Nov", "jan", "xn--", String(repeating: "v", count: 1100),
    ]

    static let urls = [
        "http://example.com/", "https://www.example.com/a/b", "http://sub.www.example.com", "http://127.0.0.1:8080/x",
        "https://[::1]/", "http://localhost/", "http://com/", "file:///tmp/x", "https://EXAMPLE.com/A%20b/c?q=1",
    ].map { URL(string: $0)! }

    private static func randomHeader(_ random: inout SeededRandom) -> String {
        var text = ""
        for _ in 0..<random.below(24) {
            if random.below(5) == 0 {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: random.below(128))))
            } else {
                text += random.pick(fragments)
            }
        }
        return text
    }

    @Test func randomSetCookieHeadersNeverBreakTheJar() throws {
        var random = SeededRandom(seed: 0x00C0_FFEE)
        var jar = CookieJar()
        var now = Date(timeIntervalSince1970: 1_700_000_000)
        var stored = 0
        for _ in 0..<2500 {  // about 5000 headers
            now += Double(random.below(3600))
            let headers = (0..<1 + random.below(3)).map { _ in Self.randomHeader(&random) }
            let rejections = jar.store(setCookieHeaders: headers, from: random.pick(Self.urls), now: now)
            stored += headers.count - rejections.count
            _ = CookieDate.parse(headers[0])
            if let header = jar.cookieHeader(for: random.pick(Self.urls), now: now) {
                #expect(!header.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 })
            }
        }
        #expect(stored > 100)  // the generator does reach the storage rules
        #expect(jar.count <= CookieJar.maxCookies)
        var perDomain: [String: Int] = [:]
        for cookie in jar.cookies {
            perDomain[cookie.domain, default: 0] += 1
            #expect(CookieParser.problem(name: cookie.name, value: cookie.value) == nil)
            #expect(!cookie.domain.isEmpty && cookie.domain == CookieDomain.canonical(cookie.domain))
            #expect(cookie.path.hasPrefix("/"))
        }
        #expect(perDomain.values.allSatisfy { $0 <= CookieJar.maxCookiesPerDomain })
        #expect(try JSONDecoder().decode(CookieJar.self, from: JSONEncoder().encode(jar)) == jar)
    }

    @Test func randomDatesNeverCrash() {
        var random = SeededRandom(seed: 42)
        var parsed = 0
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<random.below(12) {
                text += random.pick(["1", "12", "123", "1994", "99999", ":", "08:49:37", "1:2:3", "99:99:99", " ", ",", "-",
                                     "Feb", "Nov", "GMT", "29", "31", "\u{0}", "é"])
            }
            if CookieDate.parse(text) != nil { parsed += 1 }
        }
        #expect(parsed > 0)
    }
}
