import Foundation

/// The lenient cookie-date algorithm of RFC 6265 §5.1.1. Servers send IMF-fixdate, RFC 850,
/// asctime and Netscape's "Wed, 09-Jun-21 10:18:14 GMT" alike, so instead of matching one
/// format it picks the time, day, month and year tokens out of whatever order they come in.
enum CookieDate {
    static func parse(_ text: String) -> Date? { parse(ArraySlice(text.utf8)) }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?, month: Int?, year: Int?
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard !isDelimiter(bytes[index]) else { index += 1; continue }
            let end = bytes[index...].firstIndex(where: isDelimiter) ?? bytes.endIndex
            let token = bytes[index..<end]
            index = end
            // The order of these checks is the algorithm: "08:49:37" would also pass as a day.
            if time == nil, let found = parseTime(token) {
                time = found
            } else if day == nil, let found = leadingNumber(token, digits: 1...2) {
                day = found
            } else if month == nil, let found = parseMonth(token) {
                month = found
            } else if year == nil, let found = leadingNumber(token, digits: 2...4) {
                year = found
            }
        }
        guard let time, let day, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard year >= 1601, (1...daysIn(month: month, year: year)).contains(day),
              time.hour <= 23, time.minute <= 59, time.second <= 59 else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400
            + time.hour * 3_600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// delimiter = %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// hms-time = 1*2DIGIT ":" 1*2DIGIT ":" 1*2DIGIT, then optionally a non-digit and anything.
    private static func parseTime(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var rest = token
        func field(thenColon: Bool) -> Int? {
            let digits = rest.prefix(while: CookieParser.isDigit)
            guard (1...2).contains(digits.count) else { return nil }
            rest = rest[digits.endIndex...]
            if thenColon {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
            return number(digits)
        }
        guard let hour = field(thenColon: true), let minute = field(thenColon: true),
              let second = field(thenColon: false) else { return nil }
        return (hour, minute, second)
    }

    /// 1*2DIGIT or 2*4DIGIT followed by the end or a non-digit; the rest of the token is ignored.
    private static func leadingNumber(_ token: ArraySlice<UInt8>, digits allowed: ClosedRange<Int>) -> Int? {
        let digits = token.prefix(while: CookieParser.isDigit)
        return allowed.contains(digits.count) ? number(digits) : nil
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int {
        digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// A month is any token whose first three letters name one: "Nov" and "November" alike.
    private static func parseMonth(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3).map(CookieDomain.lower), as: UTF8.self)
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Proleptic Gregorian days since 1970-01-01 (Howard Hinnant's days_from_civil), avoiding
    /// Calendar: pure arithmetic cannot fail or allocate, which the fuzzer appreciates.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
