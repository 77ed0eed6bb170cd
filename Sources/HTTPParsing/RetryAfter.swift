import Foundation

/// Reads a `Retry-After` value (RFC 9110 §10.2.3): delta-seconds or an HTTP-date.
public enum RetryAfter {
    /// Seconds to wait from `now`, or nil when the value is neither form.
    /// A date in the past means no wait (0).
    public static func seconds(from value: String, now: Date = Date()) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return text.utf8.count > 12 ? nil : TimeInterval(text)
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    public static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT  → [Sun, 06, Nov, 1994, 08:49:37, GMT]
        // RFC 850:     Sunday, 06-Nov-94 08:49:37 GMT → [Sunday, 06, Nov, 94, 08:49:37, GMT]
        // asctime:     Sun Nov  6 08:49:37 1994       → [Sun, Nov, 6, 08:49:37, 1994]
        switch words.count {
        case 6 where words[5] == "GMT":
            guard var year = Int(words[3]), words[3].count == 4 || words[3].count == 2 else { return nil }
            if words[3].count == 2 { year += year < 70 ? 2000 : 1900 }
            return make(day: words[1], month: words[2], year: year, time: words[4])
        case 5:
            guard let year = Int(words[4]), words[4].count == 4 else { return nil }
            return make(day: words[2], month: words[1], year: year, time: words[3])
        default:
            return nil
        }
    }

    /// The IMF-fixdate form of `date`.
    public static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let month = months[(c.month ?? 1) - 1].capitalized
        return String(format: "%@, %02d %@ %04d %02d:%02d:%02d GMT", weekdays[(c.weekday ?? 1) - 1], c.day ?? 1,
                      month, c.year ?? 1970, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    private static func make(day: String, month: String, year: Int, time: String) -> Date? {
        let clock = time.split(separator: ":")
        guard day.count <= 2, let dayNumber = Int(day), (1...31).contains(dayNumber),
              let monthIndex = months.firstIndex(of: month.lowercased()),
              clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...9999).contains(year)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let components = DateComponents(year: year, month: monthIndex + 1, day: dayNumber,
                                        hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == dayNumber  // rejects 31 Feb
        else { return nil }
        return date
    }
}
