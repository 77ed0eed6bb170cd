import ClientCore
import Foundation
import Profiles
@testable import Sessions
import Testing
import RequestModel

/// A profile's credentials, `${env:NAME}` ones included, never reach a file unless kept.
@Suite struct SessionRedactionTests {
    private let environment = ["API_TOKEN": "env-token-123456", "REFRESH": "refresh-secret-999"]

    private func profile() -> Profile {
        var profile = Profile(name: "staging")
        profile.baseURL = "http://127.0.0.1:9/api/"
        profile.auth = .bearer("${env:API_TOKEN}")
        profile.headers = [Profile.Header("Cookie", "sid=literal-cookie-42"), Profile.Header("X-Plain", "visible")]
        profile.validators = [.altRequest(Profile.AltRequest(statuses: [401], method: "POST", url: "refresh",
                                                              json: #"{"refresh":"${env:REFRESH}"}"#,
                                                              applyHeaders: [Profile.Header("X-Session", "{{alt.json.token}}")]))]
        return profile
    }

    @Test func aProfilesCredentialsAreMaskedWhereverABodyRepeatsThem() {
        let recorder = SessionRecorder(profile: profile(), environment: environment)
        #expect(recorder.secretHeaders.isSuperset(of: ["authorization", "cookie", "x-session", "set-cookie"]))
        let body = #"{"auth": "Bearer env-token-123456", "cookie": "sid=literal-cookie-42", "sent": {"refresh": "refresh-secret-999"}, "plain": "visible"}"#
        let exchange = Session.Exchange(
            request: RequestSpec(method: "GET", url: "me", headers: [Session.Field("X-Session", "typed-session-77")]),
            outcome: Session.Outcome(status: 200, headers: [Session.Field("Set-Cookie", "sid=new-cookie-55")], body: .json(JSONNode.parse(body)!)))
        let redacted = recorder.redacted(exchange)
        let text = SessionWriter.yaml(Session(profile: recorder.snapshot(of: profile()), exchanges: [redacted]))
        for secret in ["env-token-123456", "literal-cookie-42", "refresh-secret-999", "typed-session-77", "new-cookie-55"] {
            #expect(!text.contains(secret), "\(secret) leaked")
        }
        #expect(text.contains("visible"))
        #expect(text.contains(#""auth": "Bearer •••""#))
        // The snapshot keeps the reference names out too: credentials are masked whatever they are.
        #expect(text.contains(#""Authorization: •••""#))
    }

    @Test func keptSecretsStayWhenTheUserOptsIn() {
        let recorder = SessionRecorder(profile: profile(), secrets: .kept, environment: environment)
        let request = RequestSpec(method: "GET", url: "http://127.0.0.1:9/api/me", headers: [Session.Field("Cookie", "c=typed-1234")])
        #expect(recorder.request(request) == RequestSpec(method: "GET", url: "me", headers: [Session.Field("Cookie", "c=typed-1234")]))
        let redacting = SessionRecorder(profile: profile(), environment: environment)
        #expect(redacting.request(request).headers == [Session.Field("Cookie", "•••")])
    }
}
