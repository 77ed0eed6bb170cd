import DemoAPI
import Foundation
import Testing

extension TUITmuxTests {
    /// SPEC §4 in the TUI: a URL typed for another origin goes without the demo key, and the
    /// timeline says what it left out.
    @Test func aRequestToAnotherOriginGoesWithoutTheDemoKeyAndTheTimelineSaysSo() async throws {
        let other = try await DemoServer.start()
        let url = "http://localhost:\(other.port)/echo"
        do {
            try await withExplorer([url], width: 160, height: 40) { tmux in
                try await tmux.send("Enter")
                // The Response pane may draw the body a frame after the timeline's row: wait for both.
                let screen = try await tmux.waitFor("the withheld row and the echo's headers") { screen in
                    screen.hasRow("credentials withheld from http://localhos") && screen.hasRow("✓ 200 after 1 attempt") && screen.hasRow("\"Host\": [")
                }
                #expect(!screen.hasRow("\"X-Demo-Key\""), "the echo shows the key: it was sent")
            }
            #expect(await other.requestCount(path: "/echo", key: "default") == 1)
        } catch {
            await other.shutdown()
            throw error
        }
        await other.shutdown()
    }
}
