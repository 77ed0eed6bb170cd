import Foundation

/// A password in a URL (`http://bob:hunter2@host/`) is a credential like any other: files and
/// listings that mask secrets show it as `bob:•••@`. A password made only of `${env:NAME}`
/// references stays, as it says where the secret comes from, not what it is.
public enum URLPassword {
    public static let mask = "•••"

    /// `url` with the password of its user info masked; other text is returned as it is.
    public static func masked(_ url: String) -> String {
        guard let range = passwordRange(in: url) else { return url }
        let password = url[range]
        guard password != mask, !onlyReferences(String(password)) else { return url }
        return url.replacingCharacters(in: range, with: mask)
    }

    /// The password of `url`'s user info, if it has one.
    public static func password(in url: String) -> String? {
        passwordRange(in: url).map { String(url[$0]) }
    }

    /// Where the password is: after `scheme://user:` and before the `@` that ends the user info.
    static func passwordRange(in url: String) -> Range<String.Index>? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return nil }
        let start = authority.index(after: colon)
        return start < at ? start..<at : nil
    }

    private static func onlyReferences(_ text: String) -> Bool {
        let names = EnvironmentReference.names(in: text)
        guard !names.isEmpty else { return false }
        let empty = Dictionary(names.map { ($0, "") }, uniquingKeysWith: { first, _ in first })
        return (try? EnvironmentReference.resolve(text, in: empty).get())?.isEmpty == true
    }
}
