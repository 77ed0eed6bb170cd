import Foundation

/// Encodes as `{"cookies": [...]}`, ordered like `cookies`, so saved profiles diff cleanly.
/// Decoding validates every cookie (see `Cookie.init(from:)`) and reapplies the limits.
extension CookieJar: Codable {
    private enum CodingKeys: String, CodingKey {
        case cookies
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for cookie in try container.decode([Cookie].self, forKey: .cookies) {
            storage[Key(cookie)] = cookie  // a later duplicate wins, as a later Set-Cookie would
        }
        enforceLimits()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cookies, forKey: .cookies)
    }
}
