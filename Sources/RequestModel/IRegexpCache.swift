/// `match` and `search` of RFC 9535 §2.4.6–7 for one evaluation: each pattern is checked and
/// compiled once however many nodes a filter tests. Swift's `Regex` runs the translated
/// pattern, over Unicode scalars as I-Regexp says (not grapheme clusters). A pattern that is not
/// I-Regexp (or that the engine refuses) matches nothing.
struct IRegexpCache {
    private var compiled: [String: Regex<AnyRegexOutput>?] = [:]

    /// Whether `pattern` matches all of `text` (`whole`) or some substring of it.
    mutating func matches(_ pattern: String, _ text: String, whole: Bool) -> Bool {
        let regex: Regex<AnyRegexOutput>?
        if let known = compiled[pattern] {
            regex = known
        } else {
            regex = IRegexp.translate(pattern).flatMap { translated in
                (try? Regex(translated))?.matchingSemantics(.unicodeScalar)
            }
            compiled[pattern] = regex
        }
        guard let regex else { return false }
        return whole ? (try? regex.wholeMatch(in: text)) != nil : (try? regex.firstMatch(in: text)) != nil
    }
}
