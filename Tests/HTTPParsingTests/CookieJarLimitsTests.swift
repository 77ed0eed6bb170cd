import Foundation
import Testing
@testable import Cookies

@Suite struct CookieJarLimitsTests {
    typealias T = CookieTestSupport

    @Test func aDomainKeepsItsFiftyMostRecentlyUsedCookies() {
        var jar = CookieJar()
        for i in 0..<50 {
            T.store(&jar, "c\(i)=1; Path=/p\(i)", from: "http://example.com/", at: T.now + Double(i))
        }
        _ = T.header(&jar, for: "http://example.com/p0", at: T.now + 100)  // c0 is used, c1 is now the stalest
        T.store(&jar, "new=1", from: "http://example.com/", at: T.now + 101)
        #expect(jar.count == 50)
        let names = Set(jar.cookies.map(\.name))
        #expect(names.contains("c0") && names.contains("new") && !names.contains("c1"))
        T.store(&jar, "other=1", from: "http://other.example/", at: T.now + 102)  // other domains are unaffected
        #expect(jar.count == 51)
    }

    @Test func theJarHoldsAtMost3000Cookies() {
        var jar = CookieJar()
        for site in 0..<61 {
            let headers = (0..<50).map { "c\($0)=1" }
            let rejections = jar.store(setCookieHeaders: headers, from: T.url("http://site\(site).test/"),
                                       now: T.now + Double(site))
            #expect(rejections.isEmpty)
        }
        #expect(jar.count == CookieJar.maxCookies)
        #expect(!jar.cookies.contains { $0.domain == "site0.test" })
        #expect(jar.cookies.filter { $0.domain == "site60.test" }.count == 50)
    }

    @Test func oversizedInputIsRejectedNotStored() {
        var jar = CookieJar()
        let huge = "a=" + String(repeating: "x", count: 10_000)
        let long = "b=" + String(repeating: "y", count: 5_000)
        let rejections = jar.store(setCookieHeaders: [huge, long], from: T.url("http://example.com/"), now: T.now)
        #expect(rejections.map(\.reason) == [.headerTooLong, .nameValueTooLong])
        #expect(jar.isEmpty)
    }
}
