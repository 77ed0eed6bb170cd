import Foundation
import Testing
@testable import HTTPParsing

@Suite struct RetryAfterTests {
    let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func deltaSeconds() {
        #expect(RetryAfter.seconds(from: "120", now: now) == 120)
        #expect(RetryAfter.seconds(from: " 0 ", now: now) == 0)
    }

    @Test func everyHTTPDateForm() {
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:50:07 GMT", now: now) == 30)
        #expect(RetryAfter.seconds(from: "Sunday, 06-Nov-94 08:50:07 GMT", now: now) == 30)
        #expect(RetryAfter.seconds(from: "Sun Nov  6 08:50:07 1994", now: now) == 30)
    }

    @Test func aDateInThePastMeansNoWait() {
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:00:00 GMT", now: now) == 0)
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
                      "Sun, 06 Foo 1994 08:49:37 GMT", "99999999999999999999", "Sun, 06 Nov 1994 08:49:37 PST"])
    func garbageIsRejected(_ value: String) {
        #expect(RetryAfter.seconds(from: value, now: now) == nil)
    }

    @Test func formatRoundTrips() {
        let text = HTTPDate.format(now)
        #expect(text == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse(text) == now)
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }
}
