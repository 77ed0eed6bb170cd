import Foundation
import RequestModel

/// A device authorization answer (RFC 8628 §3.2): what the user is shown and how to poll.
public struct DeviceAuthorization: Sendable, Equatable {
    public var deviceCode: String
    public var userCode: String
    public var verificationURI: String
    public var verificationURIComplete: String?
    public var expiresIn: TimeInterval
    /// Nil when the server gave none (5 s then, `DevicePolling`).
    public var interval: TimeInterval?

    public static func read(status: Int, body: Data) -> Result<DeviceAuthorization, OAuthError> {
        guard let document = JSONNode.parse(body), case .object = document else {
            return .failure(OAuthError("invalid_response", detail: "the device authorization endpoint answered \(status) with a body that is not a JSON object"))
        }
        if let error = OAuthError(sentIn: document) { return .failure(error) }
        guard (200..<300).contains(status), let deviceCode = document["device_code"]?.stringValue,
              let userCode = document["user_code"]?.stringValue, let uri = document["verification_uri"]?.stringValue,
              let expiresIn = document["expires_in"]?.seconds else {
            return .failure(OAuthError("invalid_response",
                                       detail: "the device authorization endpoint answered \(status) without device_code, user_code, verification_uri and expires_in"))
        }
        return .success(DeviceAuthorization(deviceCode: deviceCode, userCode: OAuthError.printable(userCode), verificationURI: OAuthError.printable(uri),
                                            verificationURIComplete: document["verification_uri_complete"]?.stringValue.map(OAuthError.printable),
                                            expiresIn: expiresIn, interval: document["interval"]?.seconds))
    }
}
