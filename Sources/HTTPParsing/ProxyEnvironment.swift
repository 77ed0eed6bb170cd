import Foundation

/// Which proxy a URL goes through, read from the environment as curl reads it:
/// `http_proxy` (lower case only, since `HTTP_PROXY` can be set by a CGI request header),
/// `https_proxy`/`HTTPS_PROXY`, `all_proxy`/`ALL_PROXY`, and `no_proxy`/`NO_PROXY`.
public struct ProxyEnvironment: Sendable, Hashable {
    private let variables: [String: String]
    /// Whether any proxy variable is set: without one (the common case) no URL is looked at.
    private let hasProxy: Bool
    private static let proxyNames: Set = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
    private static let exemptionNames: Set = ["no_proxy", "NO_PROXY"]

    public init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables.filter { Self.proxyNames.contains($0.key) || Self.exemptionNames.contains($0.key) }
        hasProxy = self.variables.keys.contains { Self.proxyNames.contains($0) }
    }

    /// The proxy URL for `url`, or nil to connect directly. Loopback hosts always connect
    /// directly (as Go's net/http does): a proxy elsewhere cannot reach this machine's 127.0.0.1.
    public func proxy(for url: URL) -> URL? {
        guard hasProxy, let host = url.host?.lowercased(), !Loopback.isHost(host), !isExempt(host) else { return nil }
        let scheme = url.scheme?.lowercased()
        let candidates = scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy"]
        for name in candidates + ["all_proxy", "ALL_PROXY"] {
            if let value = variables[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                return Self.proxyURL(value)
            }
        }
        return nil
    }

    /// `no_proxy`: `*`, or comma-separated hosts and domains (`example.com` and `.example.com`
    /// both cover the domain and its subdomains), matched on label boundaries.
    public func isExempt(_ host: String) -> Bool {
        guard let list = variables["no_proxy"] ?? variables["NO_PROXY"] else { return false }
        let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        for raw in list.split(separator: ",") {
            var entry = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if entry == "*" { return true }
            if entry.hasPrefix(".") { entry.removeFirst() }
            if entry.hasPrefix("["), entry.hasSuffix("]") { entry = String(entry.dropFirst().dropLast()) }
            guard !entry.isEmpty else { continue }
            if bareHost == entry || bareHost.hasSuffix("." + entry) { return true }
        }
        return false
    }

    /// `host:port` without a scheme means an HTTP proxy, as in curl.
    static func proxyURL(_ value: String) -> URL? {
        let text = value.contains("://") ? value : "http://" + value
        guard let url = URL(string: text), url.host != nil else { return nil }
        return url
    }
}
