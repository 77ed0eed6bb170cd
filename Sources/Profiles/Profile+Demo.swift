extension Profile {
    /// The built-in `demo` profile, for the embedded demo API at `baseURL`: `key` scopes the
    /// API's per-client state (flaky counters, tokens) to one run. A token refresh on 401
    /// first, so a refreshed request is judged afresh; then the standard checks, with short
    /// backoff delays so a retry is visible without a long wait.
    public static func demo(baseURL: String?, key: String) -> Profile {
        var profile = Profile(name: ProfileName.demo)
        profile.baseURL = baseURL
        profile.headers = [Header("X-Demo-Key", key)]
        profile.keyHeaders = ["X-Demo-Key"]
        profile.maxRetries = 3
        profile.validators = [
            .altRequest(AltRequest(statuses: [401], method: "POST", url: "auth/refresh",
                                   applyHeaders: [Header("Authorization", "Bearer {{alt.json.token}}")])),
            .standard(DefaultValidator(retry: Retry(strategy: "exponential", base: 0.2, multiplier: 2, maxDelay: 2, jitter: "full"))),
        ]
        return profile
    }

    /// The built-in `demo-oauth` profile (SPEC §11): the demo API's requests carry a token from
    /// its own authorization server, got by the device grant (approved after two polls, a second
    /// apart) and living 40 s: refreshed when it is within 30 s of expiry, so a send 10 s after the first shows a refresh.
    public static func demoOAuth(baseURL: String?, key: String) -> Profile {
        var profile = demo(baseURL: baseURL, key: key)
        profile.name = ProfileName.demoOAuth
        // The token is OAuth's to refresh: no alternate request of the demo's own.
        profile.validators.removeAll { if case .altRequest = $0 { true } else { false } }
        let server = (baseURL ?? "http://127.0.0.1/").hasSuffix("/") ? (baseURL ?? "http://127.0.0.1/") : (baseURL ?? "") + "/"
        var oauth = OAuth2(grant: .deviceCode, clientId: "demo-client")
        oauth.clientSecret = "demo-secret"
        oauth.issuer = server + "oauth"
        oauth.tokenURL = server + "oauth/token?ttl=40"
        oauth.deviceAuthorizationURL = server + "oauth/device?interval=1&approve_after=2"
        oauth.scope = "read"
        profile.auth = .oauth2(oauth)
        return profile
    }

    /// A built-in profile (`ProfileName.builtIns`) on the demo API at `baseURL`; nil for any other name.
    public static func builtIn(_ name: String, baseURL: String?, key: String) -> Profile? {
        switch name {
        case ProfileName.demo: demo(baseURL: baseURL, key: key)
        case ProfileName.demoOAuth: demoOAuth(baseURL: baseURL, key: key)
        default: nil
        }
    }
}
