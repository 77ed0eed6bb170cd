import ProfileFormat
import RequestModel

/// What an export writes where a profile holds a secret: never the value, a `{{placeholder}}`
/// the other client fills from its own environment. `${env:NAME}` becomes `{{NAME}}`; a value
/// that only refers to its secret (`{{token}}`, `Bearer ${env:TOKEN}`) keeps its references; a
/// value written in clear becomes `{{fallback}}`.
public enum ExportSecrets {
    public static func placeholder(for value: String, fallback: String) -> String {
        if Secrets.holdsNoSecret(value) { return value.replacing(environmentReference) { match in "{{\(match.1)}}" } }
        let references = value.matches(of: environmentReference)
        if references.count == 1, let only = references.first { return value.replacingCharacters(in: only.range, with: "{{\(only.1)}}") }
        return "{{\(fallback)}}"
    }

    /// The profile's auth as the header it sends, its secret a placeholder.
    public static func authHeader(_ auth: Profile.Auth) -> NamedValue {
        switch auth {
        case .bearer(let token): NamedValue("Authorization", "Bearer " + placeholder(for: token, fallback: "token"))
        case .basic(let username, let password):
            NamedValue("Authorization", "Basic " + placeholder(for: username, fallback: "username") + ":" + placeholder(for: password, fallback: "password"))
        case .header(let name, let value): NamedValue(name, placeholder(for: value, fallback: variableName(for: name)))
        // A format without OAuth 2.0 sends the token the other client obtained.
        case .oauth2: NamedValue("Authorization", "Bearer {{accessToken}}")
        }
    }

    /// The profile's common headers, a secret one (a credential header, one of the profile's key
    /// headers, or one holding `${env:}`) as a placeholder.
    public static func commonHeaders(_ profile: Profile) -> [NamedValue] {
        let keys = Set(profile.keyHeaders.map { $0.lowercased() })
        return profile.headers.map { header in
            guard Secrets.isRequestHeader(header.name) || keys.contains(header.name.lowercased()) || header.value.contains("${env:") else { return header }
            return NamedValue(header.name, placeholder(for: header.value, fallback: variableName(for: header.name)))
        }
    }

    /// A request's own header: a credential one (`Secrets.isRequestHeader`) or one holding
    /// `${env:}` through `placeholder`, named after the header; any other as written.
    public static func requestHeader(_ header: NamedValue) -> NamedValue {
        guard Secrets.isRequestHeader(header.name) || header.value.contains("${env:") else { return header }
        return NamedValue(header.name, placeholder(for: header.value, fallback: variableName(for: header.name)))
    }

    /// `${env:NAME}`, NAME captured.
    private static var environmentReference: Regex<(Substring, Substring)> { /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/ }

    /// `X-Api-Key` → `x_api_key`.
    static func variableName(for header: String) -> String {
        String(header.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
