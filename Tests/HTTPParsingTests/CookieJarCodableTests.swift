import Foundation
import Testing
@testable import Cookies

@Suite struct CookieJarCodableTests {
    typealias T = CookieTestSupport

    private func sampleJar() -> CookieJar {
        var jar = CookieJar()
        T.store(&jar, "sid=abc; Secure; HttpOnly; SameSite=Lax; Max-Age=3600", "theme=dark; Domain=example.com; Path=/ui",
                from: "https://www.example.com/")
        T.store(&jar, "local=1", from: "http://127.0.0.1:8080/api/x", at: T.now + 1)
        _ = T.header(&jar, for: "https://www.example.com/ui", at: T.now + 2)
        return jar
    }

    @Test(arguments: [JSONEncoder.DateEncodingStrategy.deferredToDate, .iso8601, .secondsSince1970])
    func jsonRoundTrip(_ strategy: JSONEncoder.DateEncodingStrategy) throws {
        var jar = sampleJar()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = strategy
        let decoder = JSONDecoder()
        switch strategy {
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        default: break
        }
        var decoded = try decoder.decode(CookieJar.self, from: encoder.encode(jar))
        #expect(decoded == jar)
        #expect(T.header(&decoded, for: "https://www.example.com/ui", at: T.now + 3)
                == T.header(&jar, for: "https://www.example.com/ui", at: T.now + 3))
    }

    @Test func theFileFormat() throws {
        var jar = CookieJar()
        T.store(&jar, "sid=abc; Secure; SameSite=Lax; Max-Age=60", "theme=dark", from: "https://example.com/")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let json = String(decoding: try encoder.encode(jar), as: UTF8.self)
        #expect(json == #"{"cookies":["#
            + #"{"creation":"2023-11-14T22:13:20Z","domain":"example.com","expires":"2023-11-14T22:14:20Z","hostOnly":true,"#
            + #""httpOnly":false,"lastAccess":"2023-11-14T22:13:20Z","name":"sid","path":"\/","sameSite":"Lax","secure":true,"value":"abc"},"#
            + #"{"creation":"2023-11-14T22:13:20Z","domain":"example.com","hostOnly":true,"httpOnly":false,"#
            + #""lastAccess":"2023-11-14T22:13:20Z","name":"theme","path":"\/","secure":false,"value":"dark"}]}"#)
    }

    private func decode(cookie fields: String) throws -> CookieJar {
        let json = #"{"cookies":[{"hostOnly":true,"httpOnly":false,"secure":false,"creation":0,"lastAccess":0,"#
            + fields + "}]}"
        return try JSONDecoder().decode(CookieJar.self, from: Data(json.utf8))
    }

    @Test func decodingNormalizesTheDomain() throws {
        let jar = try decode(cookie: #""name":"a","value":"1","domain":".Example.COM","path":"/""#)
        #expect(jar.cookies.map(\.domain) == ["example.com"])
    }

    @Test(arguments: [
        #""name":"a\r\nX-Evil: 1","value":"1","domain":"example.com","path":"/""#,
        #""name":"a","value":"1; b=2","domain":"example.com","path":"/""#,
        #""name":"","value":"1","domain":"example.com","path":"/""#,
        #""name":"a","value":"1","domain":"","path":"/""#,
        #""name":"a","value":"1","domain":"example.com","path":"relative""#,
        #""name":"a","value":"1","domain":"example.com""#,
    ])
    func decodingRejectsCookiesTheJarWouldNeverHold(_ fields: String) {
        #expect(throws: DecodingError.self) { try decode(cookie: fields) }
    }

    @Test func decodingReappliesTheLimitsKeepingTheMostRecentlyUsed() throws {
        let cookies = (0..<60).map { i in
            #"{"name":"c\#(i)","value":"1","domain":"example.com","path":"/","hostOnly":true,"httpOnly":false,"#
                + #""secure":false,"creation":0,"lastAccess":\#(i)}"#
        }
        let json = #"{"cookies":["# + cookies.joined(separator: ",") + "]}"
        let jar = try JSONDecoder().decode(CookieJar.self, from: Data(json.utf8))
        #expect(jar.count == CookieJar.maxCookiesPerDomain)
        #expect(Set(jar.cookies.map(\.name)) == Set((10..<60).map { "c\($0)" }))
    }
}
