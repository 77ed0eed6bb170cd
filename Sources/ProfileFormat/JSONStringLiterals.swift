import Foundation
import RequestModel

/// Rewrites the string literals of JSON text and nothing else (numbers, order and spacing stay),
/// so a value put into a string goes in escaped: an altRequest body's `${env:NAME}` holding `"`
/// or `\` stays one string, and masking a body's values cannot change its structure.
public enum JSONStringLiterals {
    /// `json` with each string literal decoded, passed to `transform` (with whether it is an
    /// object key), and written back quoted. Text that is not inside a literal is kept as it is.
    public static func map<E: Error>(_ json: String, _ transform: (_ text: String, _ isKey: Bool) throws(E) -> String) throws(E) -> String {
        let scalars = Array(json.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\"" else {
                out.append(scalars[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, scalars[end] != "\"" { end += scalars[end] == "\\" ? 2 : 1 }
            guard end < scalars.count else {
                // An unterminated literal: not JSON, left as it is.
                out.append(contentsOf: scalars[index...])
                break
            }
            var literal = String.UnicodeScalarView()
            literal.append(contentsOf: scalars[index...end])
            var next = end + 1
            while next < scalars.count, scalars[next] == " " || scalars[next] == "\n" || scalars[next] == "\t" || scalars[next] == "\r" { next += 1 }
            let isKey = next < scalars.count && scalars[next] == ":"
            if let text = decoded(String(literal)) {
                var quoted = ""
                JSONText.quote(try transform(text, isKey), into: &quoted)
                out.append(contentsOf: quoted.unicodeScalars)
            } else {
                out.append(contentsOf: literal)
            }
            index = end + 1
        }
        return String(out)
    }

    private static func decoded(_ literal: String) -> String? {
        JSONNode.parse(literal)?.stringValue
    }
}
