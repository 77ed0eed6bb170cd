/// Whether a host is this machine (RFC 6761's `localhost`, 127.0.0.0/8, `::1`): where proxies are
/// bypassed and where an OAuth server may use plain http (SPEC §11).
public enum Loopback {
    public static func isHost(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}
