/// A value quoted in a problem message, cut to `limit` characters with `…`: a problem names
/// what it found, it does not print a whole line or file back (a 1 MB header value, say).
public enum QuotedValue {
    public static let limit = 80

    /// `text` as Swift quotes it (`"a\"b"`), cut when longer than `limit` characters.
    public static func quoted(_ text: String, limit: Int = QuotedValue.limit) -> String {
        capped(text, limit: limit).debugDescription
    }

    /// `text` cut to `limit` characters, the last being `…`, when longer.
    public static func capped(_ text: String, limit: Int = QuotedValue.limit) -> String {
        text.count > limit ? String(text.prefix(max(limit - 1, 0))) + "…" : text
    }
}
