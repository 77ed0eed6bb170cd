import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// SPEC §11's import rule: Postman and Insomnia OAuth 2.0 auth becomes `auth.oauth2`, a secret
/// written in the file `${env:CLIENT_SECRET}`; Postman export writes it back.
@Suite struct OAuth2ImportTests {
    @Test func postmansClientCredentialsBecomeTheProfilesOAuth() throws {
        let api = try PostmanRulesTests.postman("""
        {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "auth": {"type": "oauth2", "oauth2": [
           {"key": "grant_type", "value": "client_credentials"}, {"key": "accessTokenUrl", "value": "https://login.example.com/token"},
           {"key": "clientId", "value": "{{clientId}}"}, {"key": "clientSecret", "value": "s3cret"},
           {"key": "scope", "value": "read write"}, {"key": "client_authentication", "value": "body"}]},
         "item": [{"name": "me", "request": {"method": "GET", "url": "https://api.example.com/me"}}]}
        """)
        guard case .oauth2(let oauth)? = api.profile.auth else { Issue.record("no oauth2: \(String(describing: api.profile.auth))"); return }
        #expect(oauth.grant == .clientCredentials && oauth.tokenURL == "https://login.example.com/token")
        #expect(oauth.clientId == "{{clientId}}" && oauth.clientSecret == "${env:CLIENT_SECRET}" && oauth.clientAuth == "post")
        #expect(oauth.scope == "read write")
        #expect(api.skipped.contains { $0.item.contains("OAuth 2.0 client secret") })
        let exported = try #require(PostmanExport.collectionAuth(.oauth2(oauth)))
        #expect(exported["type"] == "oauth2")
        #expect(exported.compactText.contains(#""key":"clientSecret","value":"{{CLIENT_SECRET}}""#))
        #expect(exported.compactText.contains(#""key":"client_authentication","value":"body""#))
    }

    @Test func insomniasAuthorizationCodeKeepsItsEndpoints() throws {
        let api = try PostmanRulesTests.insomnia("""
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "name": "w"},
          {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "me", "method": "GET", "url": "https://api.example.com/me",
           "authentication": {"type": "oauth2", "grantType": "authorization_code", "authorizationUrl": "https://login.example.com/authorize",
                              "accessTokenUrl": "https://login.example.com/token", "clientId": "cli", "usePkce": true, "audience": "https://api.example.com"}}]}
        """)
        // Insomnia declares auth per request: OAuth 2.0 there is skipped with the reason, not sent half-done.
        #expect(api.profile.auth == nil)
        #expect(api.skipped.contains { $0.item == "me auth \"oauth2\"" && $0.reason.contains("set it on the profile (auth: oauth2)") },
                "\(api.skipped)")
        let auth = PostmanAuth.insomnia(JSONNode.parse("""
            {"type": "oauth2", "grantType": "authorization_code", "authorizationUrl": "https://login.example.com/authorize",
             "accessTokenUrl": "https://login.example.com/token", "clientId": "cli", "audience": "https://api.example.com"}
            """))
        guard case .oauth2(let oauth) = auth else { Issue.record("not oauth2: \(auth)"); return }
        #expect(oauth.grant == .authorizationCode && oauth.authorizationURL == "https://login.example.com/authorize")
        #expect(oauth.params == [NamedValue("audience", "https://api.example.com")])
    }

    @Test func aGrantExplorerDoesNotRunIsSkipped() {
        let auth = PostmanAuth.postman(JSONNode.parse(#"{"type": "oauth2", "oauth2": [{"key": "grant_type", "value": "implicit"}]}"#))
        #expect(auth == .unsupported("oauth2 implicit"))
    }
}
