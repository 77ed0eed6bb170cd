import Foundation
import Testing

/// A host with no route to it is `unreachable`, named with its host and port, not "connection
/// refused": produced for real in a network namespace of the test's own.
@Suite struct SendUnreachableTests {
    @Test func noRouteIsUnreachableNotRefused() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        try await NetworkNamespace.with(in: directory) { namespace in
            let cases = [
                (NetworkNamespace.unreachableHost, "no route to host"),
                (NetworkNamespace.unroutedHost, "no route to its network"),
                (NetworkNamespace.prohibitedHost, "a route or firewall rule on this machine forbids connecting"),
            ]
            for (host, cause) in cases {
                let events = directory.path("events-\(host).jsonl")
                let outcome = try await namespace.run(["send", "--events", events, "http://\(host):8080/x"])
                #expect(outcome.status == 1)
                #expect(outcome.stderrText.contains("\(host):8080 is unreachable: \(cause)"), "\(outcome.stderrText)")
                #expect(!outcome.stderrText.contains("refused"), "\(outcome.stderrText)")
                let failure = try #require(try EventLines(path: events).named("transport.failed").first)
                #expect(failure["kind"] as? String == "unreachable")
                #expect(failure["message"] as? String == "\(host):8080 is unreachable: \(cause)")
            }
        }
    }
}
