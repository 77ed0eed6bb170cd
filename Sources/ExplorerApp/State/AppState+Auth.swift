import ClientEvents

extension AppState {
    /// An OAuth 2.0 step of the active profile (SPEC §11): what the user must do opens the sign-in
    /// overlay (unless another one is open); a token or a failure closes it; a token's expiry
    /// starts the status line's countdown.
    mutating func authStep(_ kind: ClientEvent.Kind, now: Double) {
        switch kind {
        case .authDevice(let device): showAuth(.device(device), now: now)
        case .authAuthorize(let url): showAuth(.authorize(url: url), now: now)
        case .authToken(_, let expiresIn, _):
            tokenExpiresAt = expiresIn.map { now + Double($0) }
            if case .auth = overlay { overlay = nil }
        case .authFailed:
            if case .auth = overlay { overlay = nil }
        default: break
        }
    }

    private mutating func showAuth(_ step: AuthOverlay.Step, now: Double) {
        switch overlay {
        case nil, .auth: overlay = .auth(AuthOverlay(step: step, shownAt: now))
        default: break
        }
    }
}
