import Foundation

/// A way to obtain a token with no token in hand (SPEC §11): client credentials, the device
/// grant, the authorization code grant (`AuthorizationCodeGrant`, which needs a browser).
public struct OAuthGrant: Sendable {
    /// The `grant` of `auth.token` and `auth.failed`: `client_credentials`, `device_code`, `authorization_code`.
    public let name: String
    let obtain: @Sendable (OAuthSettings, OAuthChannel) async throws -> OAuthToken

    public init(name: String, obtain: @escaping @Sendable (OAuthSettings, OAuthChannel) async throws -> OAuthToken) {
        self.name = name
        self.obtain = obtain
    }

    /// RFC 6749 §4.4: one token request, no user.
    public static let clientCredentials = OAuthGrant(name: "client_credentials") { settings, channel in
        let answer = try await channel.send(try settings.clientCredentials())
        return try TokenResponse.read(status: answer.status, body: answer.body, at: Date()).get()
    }

    /// RFC 8628: a device code, what the user must do told, then one poll every `interval`
    /// seconds, each a try of a poll (`validator.decided` by `oauth2`, `retry.scheduled` of source `poll`).
    public static let deviceCode = OAuthGrant(name: "device_code") { settings, channel in
        let authorization = try await channel.send(try settings.deviceAuthorization())
        let device = try DeviceAuthorization.read(status: authorization.status, body: authorization.body).get()
        var polling = DevicePolling(interval: device.interval, expiresIn: device.expiresIn)
        channel.report(.authDevice(ClientEvent.DeviceCodeReport(
            userCode: device.userCode, verificationURI: device.verificationURI, verificationURIComplete: device.verificationURIComplete,
            expiresIn: Int(device.expiresIn), interval: Int(polling.interval))))
        let started = Date()
        try await channel.sleep(polling.interval)
        while true {
            let answer = try await channel.send(try settings.devicePoll(deviceCode: device.deviceCode))
            let refusal: OAuthError
            switch TokenResponse.read(status: answer.status, body: answer.body, at: Date()) {
            case .success(let token): return token
            case .failure(let error): refusal = error
            }
            switch polling.next(after: refusal, elapsed: Date().timeIntervalSince(started)) {
            case .wait(let seconds):
                channel.report(.validatorDecided(attempt: channel.attempt, validator: "oauth2", decision: .retry, reason: refusal.error))
                channel.report(.retryScheduled(attempt: channel.attempt, strategy: "poll every \(Backoff.seconds(seconds))",
                                               delayMs: seconds * 1000, source: .poll))
                try await channel.sleep(seconds)
            case .stop(let error):
                channel.report(.validatorDecided(attempt: channel.attempt, validator: "oauth2", decision: .fail, reason: error.error))
                throw error
            }
        }
    }
}
