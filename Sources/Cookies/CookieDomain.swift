import Foundation

/// Host canonicalization and domain matching (RFC 6265 §5.1.2-5.1.3).
enum CookieDomain {
    /// The canonicalized request-host: Foundation already turns IDNs into punycode A-labels,
    /// so only ASCII lowercasing and IPv6 brackets remain. Nil when the URL has no host.
    static func host(of url: URL) -> String? {
        guard var host = url.host(percentEncoded: false) else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let canonical = canonical(host)
        return canonical.isEmpty ? nil : canonical
    }

    /// ASCII-only lowercasing: Unicode case mapping can change lengths and never matches a punycode host.
    static func canonical(_ domain: String) -> String {
        String(decoding: domain.utf8.map(lower), as: UTF8.self)
    }

    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// IPv6 has colons; IPv4, however spelled, ends in a numeric label (the WHATWG URL rule).
    static func isIPAddress(_ host: String) -> Bool {
        if host.utf8.contains(UInt8(ascii: ":")) { return true }
        let labels = host.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard var last = labels.last else { return false }
        if last.isEmpty, labels.count > 1 { last = labels[labels.count - 2] }  // "1.2.3.4."
        if last.count > 2, last.prefix(2).elementsEqual("0x".utf8) {
            return last.dropFirst(2).allSatisfy(isHexDigit)
        }
        return !last.isEmpty && last.allSatisfy(CookieParser.isDigit)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        CookieParser.isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(lower(byte))
    }

    /// §5.1.3: identical, or `domain` is a dot-separated suffix of a host name (not of an IP).
    static func matches(host: String, domain: String) -> Bool {
        if host == domain { return true }
        guard !domain.isEmpty else { return false }
        let hostBytes = host.utf8, domainBytes = domain.utf8
        guard hostBytes.count > domainBytes.count, hostBytes.reversed().starts(with: domainBytes.reversed()) else { return false }
        let boundary = hostBytes.index(hostBytes.endIndex, offsetBy: -domainBytes.count - 1)
        return hostBytes[boundary] == UInt8(ascii: ".") && !isIPAddress(host)
    }

    /// Whether `Secure` cookies may be set and sent: https, or loopback, which browsers treat
    /// as a secure context so a local development server behaves like production.
    static func isSecureOrigin(scheme: String?, host: String) -> Bool {
        switch scheme?.lowercased() {
        case "https", "wss": return true
        default: return host == "localhost" || host.hasSuffix(".localhost") || host == "::1"
            || (host.hasPrefix("127.") && isIPAddress(host))
        }
    }
}

