import Foundation
import Cookies

/// A profile's cookie jar (`profiles/NAME.cookies.json`, when the profile says `cookies: true`),
/// kept across runs. A jar file that cannot be read is left as it is and reported.
extension ProfileStore {
    /// The saved jar of profile `name`; nil when there is none yet.
    public func loadCookies(for name: String) throws(ProfileProblem) -> CookieJar? {
        try checkName(name)
        let url = cookiesFile(for: name)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(CookieJar.self, from: data)
        } catch {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "not a cookie jar (\(Self.describe(error)))")
        }
    }

    /// Saves `jar` as profile `name`'s, atomically with mode 0600.
    public func saveCookies(_ jar: CookieJar, for name: String) throws(ProfileProblem) {
        try checkName(name)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(jar)
        } catch {
            throw ProfileProblem(file: cookiesFile(for: name).path, line: nil, key: nil, message: "cannot encode the cookie jar: \(error)")
        }
        do {
            try AtomicFile.write(data, to: cookiesFile(for: name))
        } catch {
            throw ProfileProblem(file: cookiesFile(for: name).path, line: nil, key: nil, message: "not saved: \(error)")
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
             DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? context.debugDescription : "\(path.drop { $0 == "." }): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
