import ClientCore
import Foundation
import Testing
@testable import Sessions

/// `including(credentialsOf:)`: what a client holds now (a refreshed token) is masked in bodies.
@Suite struct SessionRecorderCredentialsTests {
    @Test func clientHeadersAndAuthBecomeSecretValues() async throws {
        let client = HTTPClient(baseURL: nil)
        client.setHeader("X-Api-Key", "refreshed-key-1234")
        client.setHeader("X-Plain", "not-secret-value")
        client.auth = .basic(username: "bob", password: "hunter2-pass")
        let recorder = SessionRecorder(baseURL: nil, secretHeaders: ["X-Api-Key"]).including(credentialsOf: client)
        #expect(recorder.secretValues.contains("refreshed-key-1234"))
        #expect(recorder.secretValues.contains("hunter2-pass"))
        #expect(recorder.secretValues.contains(Data("bob:hunter2-pass".utf8).base64EncodedString()))
        #expect(!recorder.secretValues.contains("not-secret-value"))
        let body = SessionRecorder.scrub(.text("key=refreshed-key-1234"), values: recorder.secretValues)
        #expect(body == .text("key=•••"))
        // Asking twice adds nothing new.
        #expect(recorder.including(credentialsOf: client).secretValues == recorder.secretValues)
        await client.shutdown()
    }
}
