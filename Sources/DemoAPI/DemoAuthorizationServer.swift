import Crypto
import Foundation

/// The demo's authorization server state (SPEC §11): two clients, short-lived access tokens,
/// refresh tokens that rotate (the old one is spent), authorization codes bound to their PKCE
/// challenge and redirect URI, device codes approved after a few polls, revocation.
actor DemoAuthorizationServer {
    /// `demo-client` has a secret (basic or post); `demo-public` has none and must use PKCE.
    static let clients: [String: String?] = ["demo-client": "demo-secret", "demo-public": nil]

    struct Grant: Sendable, Equatable {
        let client: String
        let scope: String
    }

    private struct PendingCode {
        let grant: Grant
        let challenge: String
        let redirectURI: String
    }

    private struct Device {
        let grant: Grant
        let userCode: String
        let expires: Date
        var pollsLeft: Int
        var lastPoll: Date?
        let interval: TimeInterval
    }

    private var serial = 0
    private var accessTokens: [String: (grant: Grant, expires: Date)] = [:]
    private var refreshTokens: [String: Grant] = [:]
    private var pendingAuthorizations: [String: (query: [String: String], grant: Grant)] = [:]
    private var codes: [String: PendingCode] = [:]
    private var devices: [String: Device] = [:]
    private(set) var tokensIssued: [String: Int] = [:]

    private func next(_ prefix: String) -> String {
        serial += 1
        return "\(prefix)-\(serial)-\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// An access token (and a refresh token, unless `refreshable` is false) for `grant`.
    func issue(_ grant: Grant, ttl: TimeInterval, refreshable: Bool = true, grantType: String) -> (access: String, refresh: String?) {
        let access = next("at")
        accessTokens[access] = (grant, Date().addingTimeInterval(ttl))
        tokensIssued[grantType, default: 0] += 1
        guard refreshable else { return (access, nil) }
        let refresh = next("rt")
        refreshTokens[refresh] = grant
        return (access, refresh)
    }

    /// The grant of a valid, unexpired access token.
    func grant(ofAccessToken token: String) -> Grant? {
        guard let entry = accessTokens[token], entry.expires > Date() else { return nil }
        return entry.grant
    }

    /// Spends a refresh token: it is valid once (rotation).
    func spendRefreshToken(_ token: String, client: String) -> Grant? {
        guard let grant = refreshTokens[token], grant.client == client else { return nil }
        refreshTokens[token] = nil
        return grant
    }

    /// A refresh token that stays valid after its use (`?rotate=0`).
    func keepRefreshToken(_ token: String, for grant: Grant) {
        refreshTokens[token] = grant
    }

    /// RFC 7009: a revoked token, of either kind, is forgotten; an unknown one is no error.
    func revoke(_ token: String) {
        accessTokens[token] = nil
        refreshTokens[token] = nil
    }

    /// An authorization request waiting for the consent page's approval; its id.
    func pendingAuthorization(_ query: [String: String], grant: Grant) -> String {
        let id = next("req")
        pendingAuthorizations[id] = (query, grant)
        return id
    }

    /// The approved request's redirect, with a code bound to its challenge and redirect URI.
    func approve(_ id: String) -> (redirectURI: String, code: String, state: String?)? {
        guard let pending = pendingAuthorizations.removeValue(forKey: id),
              let redirectURI = pending.query["redirect_uri"], let challenge = pending.query["code_challenge"] else { return nil }
        let code = next("code")
        codes[code] = PendingCode(grant: pending.grant, challenge: challenge, redirectURI: redirectURI)
        return (redirectURI, code, pending.query["state"])
    }

    /// Spends a code: valid once, for its client, its redirect URI and the verifier of its challenge.
    func spendCode(_ code: String, client: String, redirectURI: String?, verifier: String?) -> Grant? {
        guard let pending = codes.removeValue(forKey: code), pending.grant.client == client,
              pending.redirectURI == redirectURI, let verifier,
              Self.challenge(for: verifier) == pending.challenge else { return nil }
        return pending.grant
    }

    /// RFC 7636 S256.
    static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A device authorization, approved after `approveAfter` polls.
    func startDevice(_ grant: Grant, approveAfter: Int, interval: TimeInterval, expiresIn: TimeInterval) -> (deviceCode: String, userCode: String) {
        let deviceCode = next("dc")
        let userCode = String(UUID().uuidString.prefix(4)) + "-" + String(UUID().uuidString.prefix(4))
        devices[deviceCode] = Device(grant: grant, userCode: userCode, expires: Date().addingTimeInterval(expiresIn),
                                     pollsLeft: approveAfter, interval: interval)
        return (deviceCode, userCode)
    }

    enum DevicePoll: Equatable {
        case approved(Grant)
        case error(String)
    }

    /// One poll of the token endpoint for a device code (RFC 8628 §3.5): polled sooner than the
    /// interval is `slow_down`; pending until approved; the code is spent once approved.
    func poll(_ deviceCode: String, client: String) -> DevicePoll {
        guard var device = devices[deviceCode], device.grant.client == client else { return .error("invalid_grant") }
        let now = Date()
        guard device.expires > now else {
            devices[deviceCode] = nil
            return .error("expired_token")
        }
        let tooSoon = device.lastPoll.map { now.timeIntervalSince($0) < device.interval * 0.8 } ?? false
        device.lastPoll = now
        device.pollsLeft -= tooSoon ? 0 : 1
        guard tooSoon || device.pollsLeft > 0 else {
            devices[deviceCode] = nil
            return .approved(device.grant)
        }
        devices[deviceCode] = device
        return .error(tooSoon ? "slow_down" : "authorization_pending")
    }
}
