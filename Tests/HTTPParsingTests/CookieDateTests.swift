import Foundation
import Testing
@testable import Cookies

@Suite struct CookieDateTests {
    static let nov6_1994 = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",   // IMF-fixdate
        "Sunday, 06-Nov-94 08:49:37 GMT",  // RFC 850, two-digit year
        "Sun Nov  6 08:49:37 1994",        // asctime
        "Sun, 06-Nov-1994 08:49:37 GMT",   // Netscape
        "06 november 1994 08:49:37",       // month names need only their first three letters
        "1994 Nov 06 08:49:37",            // tokens in any order
        "Sun,06 Nov 1994 08:49:37 UTC+2",  // odd delimiters; zones are ignored, GMT is assumed
    ])
    func everyCommonFormat(_ text: String) {
        #expect(CookieDate.parse(text) == Self.nov6_1994)
    }

    @Test func twoDigitYearsPivotAt70() {
        #expect(CookieDate.parse("Thu, 01-Jan-70 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(CookieDate.parse("Wed, 31-Dec-69 23:59:59 GMT") == Date(timeIntervalSince1970: 3_155_759_999))  // 2069
        #expect(CookieDate.parse("Sat, 01-Jan-00 00:00:00 GMT") == Date(timeIntervalSince1970: 946_684_800))  // 2000
    }

    @Test func singleDigitTimeFields() {
        #expect(CookieDate.parse("6 Nov 1994 8:49:7") == Date(timeIntervalSince1970: 784_111_747))
    }

    @Test func agreesWithTheGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "GMT"))
        for (year, month, day) in [(1601, 1, 1), (1900, 3, 1), (2000, 2, 29), (2024, 2, 29), (2038, 1, 19), (9999, 12, 31)] {
            let expected = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12, minute: 30, second: 15))
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            #expect(CookieDate.parse("\(day) \(months[month - 1]) \(year) 12:30:15 GMT") == expected)
        }
    }

    @Test(arguments: [
        "", "GMT", "Sun, 06 Nov 1994 GMT",                  // no time
        "Sun, 06 Nov 1994 24:00:00 GMT",                    // hour out of range
        "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:60 GMT",
        "Sun, 06 Foo 1994 08:49:37 GMT",                    // no month
        "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 00 Nov 1994 08:49:37 GMT",
        "Fri, 29 Feb 2023 08:49:37 GMT", "31 Apr 2024 08:49:37",  // days that do not exist
        "Sun, 06 Nov 1600 08:49:37 GMT",                    // before 1601
        "Sun, 06 Nov 19945 08:49:37 GMT",                   // five-digit year
        "Sun, 06 Nov 1994 108:49:37 GMT",                   // three-digit hour
    ])
    func invalidDatesFail(_ text: String) {
        #expect(CookieDate.parse(text) == nil)
    }
}
