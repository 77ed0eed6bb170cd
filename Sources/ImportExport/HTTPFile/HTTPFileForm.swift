import Foundation
import RequestModel

/// An `application/x-www-form-urlencoded` body as `.http` files write it (`a=1&b=2`, possibly
/// over several lines): fields decoded on import (explorer encodes them when it sends), encoded
/// on export with `{{vars}}` left as written so the other client still fills them.
enum HTTPFileForm {
    /// `a=1&b=x%20y` → `[a: 1, b: x y]`; `+` is a space; an invalid escape is kept as written.
    static func fields(_ text: String) -> [NamedValue] {
        text.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return NamedValue(decode(pair[0]), pair.count > 1 ? decode(pair[1]) : "")
        }
    }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// The fields as one `a=1&b=x%20y` line.
    static func text(_ fields: [NamedValue]) -> String {
        fields.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes all but unreserved characters, outside `{{…}}`.
    static func encode(_ text: String) -> String {
        Template.encodingOutsidePlaceholders(text, escape)
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func escape(_ text: Substring) -> String {
        String(text).addingPercentEncoding(withAllowedCharacters: unreserved) ?? String(text)
    }
}
