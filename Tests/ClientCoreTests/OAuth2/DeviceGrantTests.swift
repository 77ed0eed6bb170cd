import Foundation
import Locking
import Testing
import TestSupport
@testable import ClientCore

/// RFC 8628's polling through a real exchange with a server scripted to say `slow_down`: the
/// waits the grant asks for (recorded, not slept) are the interval, then 5 s more for that poll
/// and every later one (SPEC §11), each poll told as a try of a poll.
@Suite struct DeviceGrantTests {
    static func json(_ status: String, _ body: String) -> ScriptedServer.Reply {
        ScriptedServer.Reply(head: "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n",
                             pieces: [Array(body.utf8)])
    }

    @Test func slowDownAddsFiveSecondsToThisAndEveryLaterPoll() async throws {
        let server = try ScriptedServer([
            Self.json("200 OK", #"{"device_code":"dc","user_code":"AB-CD","verification_uri":"https://x/device","expires_in":600,"interval":2}"#),
            Self.json("400 Bad Request", #"{"error":"authorization_pending"}"#),
            Self.json("400 Bad Request", #"{"error":"slow_down"}"#),
            Self.json("400 Bad Request", #"{"error":"authorization_pending"}"#),
            Self.json("200 OK", #"{"access_token":"at","token_type":"Bearer","expires_in":60}"#),
        ])
        let client = HTTPClient()
        let waits = Locked<[TimeInterval]>([])
        let told = Locked<[ClientEvent.Kind]>([])
        let channel = OAuthChannel(send: { request in
            let response = try await client.sendQuietly(request, validators: [])
            return (response.status, response.body.data)
        }, report: { kind in told.withLock { $0.append(kind) } }, sleep: { seconds in waits.withLock { $0.append(seconds) } })
        let settings = OAuthSettings(server: AuthorizationServer(tokenEndpoint: server.url + "token", deviceAuthorizationEndpoint: server.url + "device"),
                                     client: ClientAuthentication(clientId: "cli", clientSecret: nil))
        let token = try await OAuthGrant.deviceCode.obtain(settings, channel)
        #expect(token.accessToken == "at")
        #expect(waits.withLock { $0 } == [2, 2, 7, 7], "the interval, then +5 s from the slow_down on")
        let events = told.withLock { $0 }
        #expect(events.first == .authDevice(.init(userCode: "AB-CD", verificationURI: "https://x/device", verificationURIComplete: nil,
                                                   expiresIn: 600, interval: 2)))
        #expect(events.filter { if case .retryScheduled(_, _, _, .poll) = $0 { true } else { false } }.count == 3)
        #expect(events.contains(.validatorDecided(attempt: 1, validator: "oauth2", decision: .retry, reason: "slow_down")))
        #expect(server.receivedHeads.allSatisfy { $0.hasPrefix("POST ") })
        await client.shutdown()
        server.stop()
    }

    @Test func accessDeniedEndsItFailed() async throws {
        let server = try ScriptedServer([
            Self.json("200 OK", #"{"device_code":"dc","user_code":"AB-CD","verification_uri":"https://x/device","expires_in":600}"#),
            Self.json("400 Bad Request", #"{"error":"access_denied","error_description":"the user said no"}"#),
        ])
        let client = HTTPClient()
        let channel = OAuthChannel(send: { request in
            let response = try await client.sendQuietly(request, validators: [])
            return (response.status, response.body.data)
        }, report: { _ in }, sleep: { _ in })
        let settings = OAuthSettings(server: AuthorizationServer(tokenEndpoint: server.url + "token", deviceAuthorizationEndpoint: server.url + "device"),
                                     client: ClientAuthentication(clientId: "cli", clientSecret: nil))
        await #expect { try await OAuthGrant.deviceCode.obtain(settings, channel) } throws: { error in
            (error as? OAuthError) == OAuthError("access_denied", detail: "the user said no")
        }
        await client.shutdown()
        server.stop()
    }
}
