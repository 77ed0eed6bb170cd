import Foundation

/// The device grant's polling rules (RFC 8628 §3.4–3.5, SPEC §11): poll every `interval`
/// seconds; `authorization_pending` polls on, `slow_down` adds 5 s to this and every later wait,
/// any other error ends it, and so does the device code's expiry.
public struct DevicePolling: Sendable, Equatable {
    public private(set) var interval: TimeInterval
    /// Seconds from the device authorization to the code's expiry.
    public let expiresIn: TimeInterval

    public enum Step: Sendable, Equatable {
        /// Poll again after this many seconds.
        case wait(TimeInterval)
        case stop(OAuthError)
    }

    /// `interval` as the server gave it, 5 s when it gave none.
    public init(interval: TimeInterval?, expiresIn: TimeInterval) {
        self.interval = interval.map { max(0, $0) } ?? 5
        self.expiresIn = expiresIn
    }

    /// What to do after a poll answered `error`, `elapsed` seconds after the device authorization.
    public mutating func next(after error: OAuthError, elapsed: TimeInterval) -> Step {
        switch error.error {
        case "authorization_pending": break
        case "slow_down": interval += 5
        default: return .stop(error)
        }
        guard elapsed + interval < expiresIn else {
            return .stop(OAuthError("expired_token", detail: "the device code expired after \(Int(expiresIn)) s without an approval"))
        }
        return .wait(interval)
    }
}
