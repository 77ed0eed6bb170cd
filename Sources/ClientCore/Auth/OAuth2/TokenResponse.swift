import Foundation
import RequestModel

/// A token endpoint's answer read strictly (RFC 6749 §5.1, §5.2; SPEC §11): an `error` member
/// is an error whatever the status (a `200` with one is never a token), a token must be a
/// Bearer token, and `expires_in` may come as a number or a numeric string.
public enum TokenResponse {
    public static func read(status: Int, body: Data, at now: Date) -> Result<OAuthToken, OAuthError> {
        guard let document = JSONNode.parse(body), case .object = document else {
            return .failure(OAuthError("invalid_response", detail: "the token endpoint answered \(status) with a body that is not a JSON object"))
        }
        if let error = OAuthError(sentIn: document) { return .failure(error) }
        guard (200..<300).contains(status) else {
            return .failure(OAuthError("invalid_response", detail: "the token endpoint answered \(status) without an error"))
        }
        guard let access = document["access_token"]?.stringValue, !access.isEmpty else {
            return .failure(OAuthError("invalid_response", detail: "the token endpoint's answer has no access_token"))
        }
        let type = document["token_type"]?.stringValue ?? ""
        guard type.lowercased() == "bearer" else {
            return .failure(OAuthError("unsupported_token_type",
                                       detail: "token_type \(type.debugDescription) is not Bearer, the only kind explorer sends"))
        }
        let expiresIn = document["expires_in"]?.seconds
        return .success(OAuthToken(accessToken: access, refreshToken: document["refresh_token"]?.stringValue,
                                   scope: document["scope"]?.stringValue,
                                   // To the second: what the token file keeps exactly.
                                   expiresAt: expiresIn.map { Date(timeIntervalSince1970: (now.timeIntervalSince1970 + max(0, $0)).rounded(.down)) }))
    }
}

extension JSONNode {
    /// A number's value, or a string's that is one (`"3600"`).
    var seconds: Double? {
        switch self {
        case .number(let text), .string(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }
}
