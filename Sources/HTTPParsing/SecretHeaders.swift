/// The one list of headers whose values are credentials, for every place that hides or drops
/// them (curl export, profile listings, session files, redirects to another origin, the TUI).
public enum SecretHeaders {
    /// Lower-cased names of the headers a request sends credentials in.
    public static let names: Set<String> = ["authorization", "cookie", "proxy-authorization"]
    /// `names` plus what a response sets credentials in (`Set-Cookie`), for places that show
    /// responses too (session files, history).
    public static let namesWithResponses: Set<String> = names.union(["set-cookie"])

    /// Whether `name` (any case) is one of `names`.
    public static func contains(_ name: String) -> Bool { names.contains(name.lowercased()) }
}
