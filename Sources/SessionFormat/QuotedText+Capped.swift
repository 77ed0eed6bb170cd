import ProfileFormat
import RequestModel

extension QuotedText {
    /// Quoted for a problem message: cut to `QuotedValue.limit` characters with `…` first.
    public static func capped(_ text: String) -> String { quote(QuotedValue.capped(text)) }
}
