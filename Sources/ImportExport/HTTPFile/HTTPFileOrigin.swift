import RequestModel

/// An origin-form request line (`GET /path` with a `Host:` header) as the absolute URL the
/// client sends to: `http://` + the Host value, `https://` when its port is 443 (then written
/// without the port). The Host header goes, the URL now says it. Without a Host header the path
/// stays relative, under the profile's base URL.
enum HTTPFileOrigin {
    static func absolute(url: String, headers: [NamedValue]) -> (url: String, headers: [NamedValue]) {
        guard url.hasPrefix("/"), let host = headers.last(where: { $0.name.lowercased() == "host" })?.value,
              !host.isEmpty else { return (url, headers) }
        let origin = host.hasSuffix(":443") ? "https://" + host.dropLast(4) : "http://" + host
        return (origin + url, headers.filter { $0.name.lowercased() != "host" })
    }
}
