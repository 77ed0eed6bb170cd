import Foundation
import Testing

extension TUITmuxTests {
    /// SPEC §11 in the real binary: the built-in demo-oauth profile's first send shows the device
    /// grant's code in the sign-in box, which closes when the token comes; the status line counts
    /// down to its expiry; a send once it is within 30 s of expiry shows the refresh in the timeline.
    @Test func theDeviceCodeBoxAndTheRefreshAreWatchedLive() async throws {
        try await withExplorer(["--profile", "demo-oauth"], width: 140, height: 44) { tmux in
            try await tmux.send("Enter")
            try await tmux.waitFor("the sign-in box with the code") { screen in
                screen.hasRow("Sign in — OAuth 2.0 device code") && screen.hasRow("and enter the code") && screen.hasRow("/oauth/verify")
            }
            let signedIn = try await tmux.waitFor("the token, the answer and the countdown", timeout: 20) { screen in
                screen.hasRow("token obtained by device_code") && screen.hasRow("✓ 200 after 1 attempt") && screen.hasRow("token ", " s ")
            }
            #expect(!signedIn.hasRow("Sign in — OAuth 2.0"), "the box closes once the token came")
            #expect(signedIn.hasRow("\"client\": \"demo-client\""))
            // The demo's tokens live 40 s: 11 s later the token is within the 30 s margin.
            try await Task.sleep(for: .seconds(11))
            try await tmux.send("Enter")
            try await tmux.waitFor("the refresh as an alternate request of #2", timeout: 20) { screen in
                screen.hasRow("#2 GET /oauth/me") && screen.hasRow("token obtained by refresh_token") && screen.hasRow("✓ 200 after 1 attempt")
            }
        }
    }
}
