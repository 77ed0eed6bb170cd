import DemoAPI
import Foundation
import Testing

/// A profile's `tls` against a self-signed server: refused as is, accepted with `insecure` or
/// with its certificate as `caFile`; `-k` on the command line adds to the profile.
@Suite struct ProfileTLSTests {
    @Test func tlsKeysReachTheConnection() async throws {
        let setup = try TestDirectory()
        defer { setup.remove() }
        let tls = try await makeSelfSignedCertificate(in: setup)
        try await withDemo(tls: tls) { server, directory, key in
            let home = try ProfileHome(directory)
            let base = "baseURL: \(server.baseURL)\nheaders: { X-Demo-Key: \(key) }\n"
            try home.write(base, profile: "plain")
            try home.write(base + "tls: { insecure: true }\n", profile: "insecure")
            try home.write(base + "tls: { caFile: \"\(tls.certificatePEMPath)\" }\n", profile: "trusted")
            try home.write(base + "tls: { caFile: \"${env:EXPLORER_TEST_CA}\" }\n", profile: "fromenv")

            let refused = try await home.run(["send", "--profile", "plain", "status/200"])
            #expect(refused.status == 1)
            #expect(refused.stderrText.lowercased().contains("certificate") || refused.stderrText.lowercased().contains("tls"))
            for name in ["insecure", "trusted"] {
                let outcome = try await home.run(["send", "--profile", name, "status/200"])
                #expect(outcome.status == 0, "\(name): \(outcome.stderrText)")
                #expect(outcome.stdoutText == "{\"status\":200}")
            }
            let fromEnvironment = try await home.run(["send", "--profile", "fromenv", "status/200"],
                                                     environment: ["EXPLORER_TEST_CA": tls.certificatePEMPath])
            #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderrText)")
            let flag = try await home.run(["send", "-k", "--profile", "plain", "status/200"])
            #expect(flag.status == 0, "\(flag.stderrText)")

            try home.write(base + "tls: { caFile: /nonexistent/ca.pem }\n", profile: "missing")
            let missing = try await home.run(["send", "--profile", "missing", "status/200"])
            #expect(missing.status == 2)
            #expect(missing.stderrText == "explorer: \(home.file("missing.yaml")): tls.caFile: no readable file /nonexistent/ca.pem\n")
        }
    }
}
