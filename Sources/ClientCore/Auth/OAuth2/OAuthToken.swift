import Foundation
import RequestModel

/// A token a grant or a refresh obtained (RFC 6749 §5.1), as explorer keeps it: always a Bearer
/// token (others are refused where they are read), its expiry an absolute time.
public struct OAuthToken: Sendable, Equatable, Codable {
    public var accessToken: String
    public var refreshToken: String?
    public var scope: String?
    /// Nil when the server gave no `expires_in`: valid until a `401` says otherwise.
    public var expiresAt: Date?

    public init(accessToken: String, refreshToken: String? = nil, scope: String? = nil, expiresAt: Date? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.scope = scope
        self.expiresAt = expiresAt
    }

    /// SPEC §11: refreshed when it expires within 30 s.
    public static let refreshMargin: TimeInterval = 30

    /// Whether it should be refreshed before a request at `now`.
    public func isStale(at now: Date) -> Bool {
        expiresAt.map { $0.timeIntervalSince(now) < Self.refreshMargin } ?? false
    }
}

/// Why a grant or a refresh failed: the server's RFC 6749 §5.2 error as it sent it (control
/// characters removed), or explorer's own reason an answer was refused.
public struct OAuthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `invalid_grant`, `access_denied`, …; explorer's own: `invalid_response`, `unsupported_token_type`, `expired_token`.
    public var error: String
    /// `error_description`.
    public var detail: String?
    /// `error_uri`.
    public var uri: String?

    public init(_ error: String, detail: String? = nil, uri: String? = nil) {
        self.error = Self.printable(error)
        self.detail = detail.map(Self.printable)
        self.uri = uri.map(Self.printable)
    }

    /// RFC 6749 §5.2's members of an answer, whatever its status; nil when it has no `error`.
    init?(sentIn document: JSONNode) {
        guard let error = document["error"] else { return nil }
        self.init(error.stringValue ?? "invalid_response", detail: document["error_description"]?.stringValue, uri: document["error_uri"]?.stringValue)
    }

    /// `invalid_grant: The refresh token has expired`.
    public var description: String { detail.map { "\(error): \($0)" } ?? error }

    /// What a server wrote, without the control characters that would act on a terminal.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }
}
