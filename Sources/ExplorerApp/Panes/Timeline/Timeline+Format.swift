/// How the timeline writes times, delays and URLs: short, so a row fits a 46-column pane,
/// and without Foundation's locale (always a decimal point).
enum TimelineFormat {
    /// An event's time since its exchange started: `+0ms`, `+412ms`, `+1.2s`, `+125s`.
    static func offset(ms: Double) -> String {
        let ms = clamp(ms)
        if ms.rounded() < 1000 { return "+\(Int(ms.rounded()))ms" }
        let seconds = ms / 1000
        return seconds < 99.95 ? "+\(fixed(seconds, decimals: 1))s" : "+\(Int(seconds.rounded()))s"
    }

    /// A measured duration: `<1 ms`, `12 ms`, `1.2 s`.
    static func duration(ms: Double) -> String {
        let ms = clamp(ms)
        if ms < 0.5 { return "<1 ms" }
        if ms.rounded() < 1000 { return "\(Int(ms.rounded())) ms" }
        return "\(fixed(ms / 1000, decimals: 1)) s"
    }

    /// A retry's delay: `44 ms` below 0.1 s, else seconds with one decimal (two when a
    /// jittered delay needs them): `0.4 s`, `0.27 s`, `2.0 s`.
    static func delay(ms: Double) -> String {
        let ms = clamp(ms)
        if ms < 100 { return duration(ms: ms) }
        let seconds = ms / 1000
        let hundredths = Int((seconds * 100).rounded())
        return "\(fixed(seconds, decimals: seconds >= 1 || hundredths % 10 == 0 ? 1 : 2)) s"
    }

    /// What is left of a wait, rounded up to a tenth so it reads 0.1 s until the very end.
    static func countdown(seconds: Double) -> String {
        let tenths = (clamp(seconds) * 10 - 1e-6).rounded(.up)
        return "\(fixed(max(0, tenths) / 10, decimals: 1)) s"
    }

    /// `exponential base 0.2s ×2, cap 2s, full jitter` → `exponential`; `delayed 1s`,
    /// `immediate`, `after POST auth/refresh` and `after task` stay as they are.
    static func strategy(_ name: String) -> String {
        for curve in ["exponential", "fibonacci"] where name.hasPrefix(curve) { return curve }
        return name.split(separator: ",", maxSplits: 1).first.map(String.init) ?? name
    }

    /// The path and query of an absolute URL (`/flaky/2?x=1`); other text as it is.
    static func path(of url: String) -> String {
        guard let parts = split(url) else { return url }
        return parts.path
    }

    /// The host and port of an absolute URL, without any user name or password.
    static func host(of url: String) -> String? {
        split(url)?.host
    }

    /// `…/flaky/2` when `url` is on the same origin as `base`; otherwise the whole URL
    /// (credentials left out).
    static func short(_ url: String, base: String) -> String {
        guard let parts = split(url) else { return url }
        if let baseParts = split(base), baseParts.scheme == parts.scheme, baseParts.host == parts.host {
            return "…" + parts.path
        }
        return parts.scheme + "://" + parts.host + parts.path
    }

    /// Server text on one row: line breaks and tabs become spaces (other controls are made
    /// visible by the screen).
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    private static func split(_ url: String) -> (scheme: String, host: String, path: String)? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let scheme = String(url[..<schemeEnd.lowerBound])
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var path = String(rest[authorityEnd...])
        if !path.hasPrefix("/") { path = "/" + path }
        return (scheme, String(authority), path)
    }

    private static func clamp(_ value: Double) -> Double {
        value.isFinite ? max(0, min(value, 1e12)) : 0
    }

    /// `value` with exactly `decimals` (1 or 2) digits after the point.
    private static func fixed(_ value: Double, decimals: Int) -> String {
        let factor = decimals == 1 ? 10 : 100
        let scaled = Int((clamp(value) * Double(factor)).rounded())
        let fraction = String(scaled % factor)
        return "\(scaled / factor)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
