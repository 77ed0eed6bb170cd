import Foundation

extension OAuthGrant {
    /// RFC 6749 §4.1 with PKCE S256 (RFC 7636) and a loopback redirect (RFC 8252), SPEC §11: a
    /// fresh `state` and verifier, a listener on `127.0.0.1:redirectPort` (0: any free port), the
    /// authorization URL told (`auth.authorize`) and handed to `open` (a browser), then the code
    /// exchanged with the verifier and the same `redirect_uri`. Waits `timeout` seconds at most.
    public static func authorizationCode(redirectPort: Int = 0, timeout: TimeInterval = 300,
                                         open: @escaping @Sendable (String) -> Void) -> OAuthGrant {
        OAuthGrant(name: "authorization_code") { settings, channel in
            let state = Base64URL.random(bytes: 32)
            let pkce = PKCE()
            let listener = try await LoopbackRedirect.start(port: redirectPort, state: state)
            let code: String
            do {
                let url = try settings.authorizationURL(state: state, pkce: pkce, redirectURI: listener.redirectURI)
                channel.report(.authAuthorize(url: url))
                open(url)
                code = try await listener.code(timeout: timeout)
                await listener.close()
            } catch {
                await listener.close()
                throw error
            }
            let answer = try await channel.send(try settings.exchange(code: code, verifier: pkce.verifier, redirectURI: listener.redirectURI))
            return try TokenResponse.read(status: answer.status, body: answer.body, at: Date()).get()
        }
    }
}
