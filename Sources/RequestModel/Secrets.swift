import Foundation

/// What is secret and how it is hidden: the one place every screen, file, listing and export asks
/// (SPEC §4, §5). Where credentials may be *sent* is ClientCore's `CredentialScope`; which headers
/// *are* credentials is decided here.
public enum Secrets {
    /// What a masked secret reads, in files, listings and on screen. (`--as-curl` writes
    /// `REDACTED` instead, as curl users expect.)
    public static let mask = "•••"

    /// Lower-cased names of the headers a request sends credentials in.
    public static let requestHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]
    /// `requestHeaders` plus what a response sets credentials in (`Set-Cookie`), for places that
    /// keep responses too (session files, history).
    public static let headers: Set<String> = requestHeaders.union(["set-cookie"])

    /// Whether a request header of this name (any case) carries a credential.
    public static func isRequestHeader(_ name: String) -> Bool { requestHeaders.contains(name.lowercased()) }

    /// Values shorter than this are not masked inside other text: they would hide ordinary words.
    public static let minimumLength = 4

    // MARK: Values

    /// A header value on a shared screen: its first four characters and the mask, enough to tell
    /// tokens apart and not to copy one; short values show only the mask.
    public static func glimpse(_ value: String) -> String {
        value.count <= 4 ? mask : String(value.prefix(4)) + mask
    }

    /// `text` with every occurrence of `values` masked (see `Values`).
    public static func masking(_ values: some Sequence<String>, in text: String) -> String {
        Values(values).masking(in: text)
    }

    /// Secret values, ready to be masked wherever a text repeats them: longest first (so a token
    /// inside a longer credential does not leave the rest showing); values under `minimumLength`
    /// are left alone.
    public struct Values: Sendable, Hashable {
        public let longestFirst: [String]

        public init(_ values: some Sequence<String>) {
            longestFirst = Set(values.filter { $0.count >= Secrets.minimumLength && $0 != Secrets.mask })
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        }

        public var isEmpty: Bool { longestFirst.isEmpty }

        public func masking(in text: String) -> String {
            // Most texts hold no secret: a native search first spares Foundation's replace.
            longestFirst.reduce(text) { text, secret in
                Self.holds(text, secret) ? text.replacingOccurrences(of: secret, with: Secrets.mask) : text
            }
        }

        /// Whether `text`'s bytes contain `part`'s: a plain scan, much cheaper than
        /// `String.contains` for the short values most masking sees.
        static func holds(_ text: String, _ part: String) -> Bool {
            let haystack = text.utf8, needle = part.utf8
            guard let first = needle.first, haystack.count >= needle.count else { return false }
            var index = haystack.startIndex
            let last = haystack.index(haystack.endIndex, offsetBy: -needle.count)
            while index <= last {
                if haystack[index] == first, haystack[index...].starts(with: needle) { return true }
                index = haystack.index(after: index)
            }
            return false
        }
    }

    /// Whether a value only says where its secret comes from: `${env:NAME}` references and
    /// `{{…}}` placeholders, beside at most one scheme word (`Bearer {{alt.json.token}}`) when
    /// `schemeWord` allows it. Such a value is shown, never masked.
    public static func holdsNoSecret(_ text: String, schemeWord: Bool = true) -> Bool {
        let parts = Template.referencing(text).parts
        guard parts.contains(where: { if case .text = $0 { false } else { true } }) else { return false }
        let rest = parts.map { if case .text(let text) = $0 { text } else { "" } }.joined()
        let word = rest.trimmingCharacters(in: .whitespaces).lowercased()
        return word.isEmpty || (schemeWord && schemeWords.contains(word))
    }

    /// The only words a value may hold beside its references and still be shown.
    public static let schemeWords: Set<String> = ["bearer", "basic", "token"]

    // MARK: URLs

    /// The password of `url`'s user info (`http://bob:hunter2@host/`), if it has one.
    public static func password(in url: String) -> String? {
        passwordRange(in: url).map { String(url[$0]) }
    }

    /// `url` with its password masked (`bob:•••@`); a password made only of references stays,
    /// and text that is no URL is returned as it is.
    public static func maskingPassword(in url: String) -> String {
        guard let range = passwordRange(in: url) else { return url }
        let password = String(url[range])
        guard password != mask, !holdsNoSecret(password, schemeWord: false) else { return url }
        return url.replacingCharacters(in: range, with: mask)
    }

    /// The user info of `url`: after `scheme://`, before the last `@` of the authority.
    public static func userInfoRange(in url: String) -> Range<String.Index>? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
        return authority.lastIndex(of: "@").map { authority.startIndex..<$0 }
    }

    /// The password: the user info after its first `:`.
    static func passwordRange(in url: String) -> Range<String.Index>? {
        guard let userInfo = userInfoRange(in: url), let colon = url[userInfo].firstIndex(of: ":") else { return nil }
        let start = url.index(after: colon)
        return start < userInfo.upperBound ? start..<userInfo.upperBound : nil
    }
}
