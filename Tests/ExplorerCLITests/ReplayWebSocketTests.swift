import Foundation
import SessionFormat
import Sessions
import TestSupport
import Testing

/// `explorer replay` of a WebSocket session (SPEC §12): the outgoing messages go out in their
/// order and pacing, the incoming ones are recorded afresh, and `--check` compares them.
@Suite struct ReplayWebSocketTests {
    @Test func theOutgoingMessagesGoOutInOrderAndPacing() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let fresh = directory.path("fresh.yaml")
        let outcome = try await runExplorer(["replay", ReplayFixtures.session("websocket"), "--record-to", fresh], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderrText)")
        let recorded = try SessionFile.read(URL(fileURLWithPath: ReplayFixtures.session("websocket")))
        let replayed = try SessionFile.read(URL(fileURLWithPath: fresh))
        for (old, new) in zip(recorded.exchanges, replayed.exchanges) {
            let (wanted, got) = (try #require(WebSocketScript(events: old.events)), try #require(WebSocketScript(events: new.events)))
            #expect(got.steps.map(\.content) == wanted.steps.map(\.content), "\(old.name ?? "")")
            #expect(got.incoming.count == wanted.incoming.count)
            #expect(got.closed?.code == 1000 && got.closed?.by == .client)
            // Each pause kept: never shorter, and not much longer on an idle machine.
            for (left, right) in zip(wanted.steps, got.steps) {
                #expect(right.pauseMs >= left.pauseMs - 5, "\(old.name ?? ""): \(right.pauseMs) ms after what it followed, recorded \(left.pauseMs) ms")
                #expect(right.pauseMs <= left.pauseMs + 2_000 * TestTime.slowdown)
            }
        }
    }

    @Test func checkNamesTheMessageThatDiffers() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let path = try ReplayFixtures.edited("websocket", in: directory, [
            (#""direction": "in", "kind": "text", "bytes": 5, "data": "hello"}"#, #""direction": "in", "kind": "text", "bytes": 5, "data": "hullo"}"#),
            (#"ignore: ["$.time"]"#, "ignore: []"),
        ])
        let outcome = try await runExplorer(["replay", path, "--check"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.stdoutText.contains("""
            ) DIFFERENT
                message 1 in: expected "hullo", got "hello"
            2/2 clock: GET ws/clock?interval_ms=200 → 101 (1 attempt, 
            """), "\(outcome.stdoutText)")
        // Without the ignored time, each tick's time differs.
        #expect(outcome.stdoutText.contains(#"    message 1 in: $.time: expected "#), "\(outcome.stdoutText)")
        #expect(outcome.stdoutText.hasSuffix("replayed 2 exchanges: 0 as recorded, 2 different\n"))
    }
}
