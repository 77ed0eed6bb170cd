import ClientCore
import DemoAPI
import Foundation
import Profiles

/// Issue 26's figures: a request through an OAuth 2.0 profile whose stored token is valid, against
/// the same request carrying that token as bearer auth of its own (target: ≤ 1.02×), alternating
/// batches on the same client — the same connections, so the event loops a pool happens to land
/// on do not weigh on one side — against the in-process demo API; and 50 concurrent requests on a
/// stale token, which must cause exactly one refresh.
struct OAuthBenchmark {
    let requests: Int
    let batches: Int

    func run() async {
        do {
            let server = try await DemoServer.start(threads: BenchServer.ownThread)
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-oauth-\(getpid())")
            defer { try? FileManager.default.removeItem(at: home) }
            let store = TokenStore(home: ExplorerHome(directory: home))
            let oauthClient = try profile(server, oauth: true).makeClient(login: OAuthLogin(store: store))
            // The first request obtains the token; the bearer profile then holds the same one.
            _ = try await oauthClient.send(HTTPRequest(.get, "oauth/me"))
            guard let token = try store.token(for: "bench")?.accessToken else { throw Failure("no token was stored") }
            _ = try await batch(on: oauthClient, bearer: token)
            // Each pair of batches gives a ratio of their medians: a slow moment of the machine
            // weighs on one pair, not on the whole comparison.
            var oauthMicros: [Double] = [], bearerMicros: [Double] = [], ratios: [Double] = []
            for index in 0..<batches {
                var oauth: [Double] = [], bearer: [Double] = []
                for pass in 0..<2 {
                    if (pass == 0) == index.isMultiple(of: 2) {
                        oauth = try await batch(on: oauthClient, bearer: nil)
                    } else {
                        bearer = try await batch(on: oauthClient, bearer: token)
                    }
                }
                oauthMicros += oauth
                bearerMicros += bearer
                ratios.append(Sample(oauth).median / Sample(bearer).median)
            }
            await oauthClient.shutdown()
            let refreshes = try await refreshesForFiftyConcurrent(server, store: store)
            await server.shutdown()
            let oauth = Sample(oauthMicros).median, plain = Sample(bearerMicros).median
            print("requests=\(requests) batches=\(batches)")
            print("oauth_request_median_us=\(format(oauth, digits: 1))")
            print("bearer_request_median_us=\(format(plain, digits: 1))")
            print("refreshes_for_50_concurrent_on_a_stale_token=\(refreshes)")
            print("oauth_vs_bearer_of_all_requests=\(format(oauth / plain, digits: 3))")
            print("oauth_vs_bearer=\(format(Sample(ratios).median, digits: 3))")
        } catch {
            FileHandle.standardError.write(Data("explorer-bench oauth: \(error)\n".utf8))
            exit(1)
        }
    }

    private func profile(_ server: DemoServer, oauth: Bool) -> Profile {
        var profile = Profile(name: "bench")
        profile.baseURL = server.baseURL
        profile.validators = [.standard(Profile.DefaultValidator())]
        guard oauth else { return profile }
        var settings = Profile.OAuth2(grant: .clientCredentials, clientId: "demo-client")
        settings.clientSecret = "demo-secret"
        settings.tokenURL = server.baseURL + "oauth/token?ttl=3600"
        profile.auth = .oauth2(settings)
        return profile
    }

    /// One request after another, each timed, every one a 200; with `bearer`, each carries that
    /// token as its own auth (the OAuth step is skipped, as for a bearer profile).
    private func batch(on client: HTTPClient, bearer: String?) async throws -> [Double] {
        var micros: [Double] = []
        var request = HTTPRequest(.get, "oauth/me")
        request.auth = bearer.map(HTTPAuth.bearer)
        for _ in 0..<requests {
            let start = ContinuousClock.now
            let response = try await client.send(request)
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            guard response.status == 200 else { throw Failure("oauth/me answered \(response.status)") }
            micros.append(Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
        }
        return micros
    }

    /// A device-grant token (it has a refresh token) stored as stale, then 50 requests at once.
    private func refreshesForFiftyConcurrent(_ server: DemoServer, store: TokenStore) async throws -> Int {
        var profile = profile(server, oauth: false)
        var settings = Profile.OAuth2(grant: .deviceCode, clientId: "demo-client")
        settings.clientSecret = "demo-secret"
        settings.tokenURL = server.baseURL + "oauth/token?ttl=3600"
        settings.deviceAuthorizationURL = server.baseURL + "oauth/device?interval=0&approve_after=1"
        profile.auth = .oauth2(settings)
        profile.name = "stale"
        let first = try profile.makeClient(login: OAuthLogin(store: store))
        _ = try await first.send(HTTPRequest(.get, "oauth/me"))
        await first.shutdown()
        guard var token = try store.token(for: "stale") else { throw Failure("no device token") }
        token.expiresAt = Date(timeIntervalSinceNow: 5)
        try store.save(token, for: "stale")
        let before = await server.oauthTokensIssued(grantType: "refresh_token")
        let client = try profile.makeClient(login: OAuthLogin(store: store))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    let status = try await client.send(HTTPRequest(.get, "oauth/me")).status
                    guard status == 200 else { throw Failure("oauth/me answered \(status)") }
                }
            }
            try await group.waitForAll()
        }
        await client.shutdown()
        return await server.oauthTokensIssued(grantType: "refresh_token") - before
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
