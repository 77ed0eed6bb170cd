import ClientCore
import DemoAPI
import Foundation
import RequestModel
import Profiles
@testable import Sessions
import Testing
import TestSupport

/// SPEC §11: an OAuth 2.0 token is absent from saved sessions, even where a body echoes it, and
/// the session's events say how the token was had without carrying it.
@Suite struct OAuthSessionTests {
    @Test func theTokenIsMaskedWhereABodyEchoesItAndTheEventsKeepTheGrant() async throws {
        let server = try await DemoServer.start()
        let directory = try TemporaryDirectory()
        let store = TokenStore(home: ExplorerHome(directory: directory.url))
        var profile = Profile(name: "api")
        profile.baseURL = server.baseURL
        var oauth = Profile.OAuth2(grant: .clientCredentials, clientId: "demo-client")
        oauth.clientSecret = "demo-secret"
        oauth.tokenURL = server.baseURL + "oauth/token?ttl=60"
        profile.auth = .oauth2(oauth)
        let client = try profile.makeClient(login: OAuthLogin(store: store))
        try await withCleanup({
            let request = RequestSpec(method: "POST", url: "echo", body: .json(#"{"hello": "world"}"#))
            let record = await client.run(try request.httpRequest())
            let token = try #require(client.oauthTokenInUse)
            let recorder = SessionRecorder(profile: profile).including(credentialsOf: client)
            let session = Session(profile: recorder.snapshot(of: profile), exchanges: [recorder.exchange(request: request, record: record)])
            let url = directory.file("s.yaml")
            try SessionFile.write(session, to: url)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(!text.contains(token), "the token leaked into the session")
            #expect(!text.contains("demo-secret"), "the client secret leaked into the session")
            #expect(text.contains("Bearer •••"), "the echoed header is there, masked")
            #expect(text.contains(#""event": "auth.token""#) && text.contains(#""grant": "client_credentials""#))
            // And it reads back.
            let read = try SessionFile.read(url)
            #expect(read.exchanges.first?.events.contains { if case .authToken = $0.kind { true } else { false } } == true)
        }) {
            await client.shutdown()
            await server.shutdown()
            directory.remove()
        }
    }
}
