import DemoAPI
import Foundation
import Testing

/// A self-signed server: refused by default, accepted with -k or with its certificate as --cacert.
@Suite struct SendTLSTests {
    @Test func selfSignedCertificate() async throws {
        let setup = try TestDirectory()
        defer { setup.remove() }
        let tls = try await makeSelfSignedCertificate(in: setup)
        try await withDemo(tls: tls) { server, directory, key in
            let url = "https://127.0.0.1:\(server.port)/status/200?key=\(key)"
            #expect(server.baseURL.hasPrefix("https://"))

            let eventsPath = directory.path("events.jsonl")
            let refused = try await ExplorerProcess.run(["send", "--events", eventsPath, url], in: directory)
            #expect(refused.status == 1)
            let message = refused.stderrText.lowercased()
            #expect(message.contains("certificate") || message.contains("tls"), "\(refused.stderrText)")
            let failure = try #require(try EventLines(path: eventsPath).named("transport.failed").first)
            #expect(failure["kind"] as? String == "tls")

            let insecure = try await ExplorerProcess.run(["send", "-k", url], in: directory)
            #expect(insecure.status == 0, "\(insecure.stderrText)")
            #expect(insecure.stdoutText == "{\"status\":200}")

            let trusted = try await ExplorerProcess.run(["send", "--cacert", tls.certificatePEMPath, url], in: directory)
            #expect(trusted.status == 0, "\(trusted.stderrText)")
            #expect(trusted.stdoutText == "{\"status\":200}")
        }
    }
}
