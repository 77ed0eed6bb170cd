/// What a profile may be called: ASCII letters, digits, `-` and `_` (at most 64), so that a name
/// is always a safe file name and `NAME.requests.yaml` never reads as a profile of its own.
public enum ProfileName {
    /// The built-in profile, backed by the embedded demo API; never a file.
    public static let demo = "demo"
    /// The built-in profile whose requests carry OAuth 2.0 tokens from the demo API's own
    /// authorization server (SPEC §11); never a file either.
    public static let demoOAuth = "demo-oauth"
    public static let builtIns = [demo, demoOAuth]

    public static func isBuiltIn(_ name: String) -> Bool { builtIns.contains(name) }
    public static let maxLength = 64

    public static func isValid(_ name: String) -> Bool { problem(with: name) == nil }

    /// Why `name` cannot name a profile, as a sentence that names it; nil when it can.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "a profile needs a name (letters, digits, - and _)" }
        if name.count > maxLength { return "\(QuotedValue.quoted(name)) is too long for a profile name (at most \(maxLength) characters)" }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
        return allowed ? nil : "\(QuotedValue.quoted(name)) is not a valid profile name: use only letters, digits, - and _"
    }
}
