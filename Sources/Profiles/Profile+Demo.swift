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
}
