import Foundation

/// `match` and `search` of RFC 9535 §2.4.6–7 for one evaluation: each pattern is checked and
/// compiled once however many nodes a filter tests. A pattern that is not I-Regexp (or that ICU
/// refuses, e.g. a repetition bound it cannot hold) matches nothing.
struct IRegexpCache {
    private var compiled: [String: NSRegularExpression?] = [:]

    /// Whether `pattern` matches all of `text` (`whole`) or some substring of it.
    mutating func matches(_ pattern: String, _ text: String, whole: Bool) -> Bool {
        let key = (whole ? "m" : "s") + pattern
        let regex: NSRegularExpression?
        if let known = compiled[key] {
            regex = known
        } else {
            regex = IRegexp.icuPattern(pattern).flatMap { icu in
                try? NSRegularExpression(pattern: whole ? "\\A(?:" + icu + ")\\z" : icu)
            }
            compiled[key] = regex
        }
        guard let regex else { return false }
        return regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }
}
