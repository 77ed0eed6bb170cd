import Foundation
import Testing

extension TUITmuxTests {
    /// Issue 29: Ctrl+N through all thirteen of the demo's ready requests, sending the HTTP and
    /// GraphQL ones, then wrapping round to the first. What a ready request loaded is replaced by
    /// the next (the echo's `X-Note` and JSON body went on with every request after it): the
    /// demo's `/received` lists what really reached it, filtered in the Response pane.
    @Test func everyDemoReadyRequestSendsOnlyWhatItHolds() async throws {
        try await withExplorer(width: 120, height: 60) { tmux in
            func sendReady(_ index: Int, _ name: String, line: String, until what: String, _ done: @escaping ([String]) -> Bool) async throws {
                try await tmux.waitFor("ready request \(index)/13, \(name), in the request line") { screen in
                    screen.hasRow("(\(name) \(index)/13)") && screen.hasRow(line)
                }
                try await tmux.send("Enter")
                try await tmux.waitFor(what, timeout: 20, done)
            }
            try await sendReady(1, "users", line: "GET     json/2", until: "the users") { $0.hasRow("200 OK") && $0.hasRow("\"users\": [") }
            try await tmux.send("C-n")
            try await sendReady(2, "flaky", line: "GET     flaky/2", until: "the third attempt's 200") { $0.hasRow("✓ 200 after 3 attempts") && $0.hasRow("200 OK  HTTP/1.1") }
            try await tmux.send("C-n")
            try await sendReady(3, "token refresh", line: "GET     auth/protected", until: "the 200 after the refresh") {
                $0.hasRow("200 OK  HTTP/1.1") && $0.hasRow("(token refresh 3/13)") && $0.hasRow("\"token\": ")
            }
            try await tmux.send("C-n")
            try await sendReady(4, "Retry-After", line: "GET     retry-after/3", until: "the 200 after the wait") { $0.hasRow("✓ 200 after 2 attempts") && $0.hasRow("200 OK  HTTP/1.1", " 3.0") }
            try await tmux.send("C-n")
            try await sendReady(5, "echo", line: "POST    echo", until: "the echo of the note") { $0.hasRow("\"path\": \"/echo\"") && $0.hasRow("\"X-Note\": [") }
            try await tmux.send("C-n")
            // Nothing of the echo is left in the panes.
            try await tmux.waitFor("the next request's panes empty") { screen in
                screen.hasRow("(escape sequences 6/13)") && screen.hasRow("No headers.") && screen.hasRow("Body · none")
            }
            try await sendReady(6, "escape sequences", line: "GET     ansi", until: "the text shown inert") { $0.hasRow("plain text first") }
            try await tmux.send("C-n")
            try await sendReady(7, "event stream", line: "GET     events?count=20", until: "two events") { $0.hasRow("#2 tick id 2") }
            try await tmux.send("Escape")
            try await tmux.waitFor(text: "stopped")
            try await tmux.send("C-n")
            try await sendReady(8, "NDJSON log", line: "GET     logs.ndjson?count=40", until: "two records") { $0.hasRow("#2 {\"n\": 2") }
            try await tmux.send("Escape")
            try await tmux.waitFor("the log stopped, the ninth loaded") { $0.hasRow("records · stopped") }
            // The three WebSockets are loaded, not opened (their own test talks to them).
            for (index, path) in [(9, "/ws/echo"), (10, "/ws/clock"), (11, "/ws/chat")] {
                try await tmux.send("C-n")
                try await tmux.waitFor("the WebSocket \(path)") { $0.hasRow("ws://127.0.0.1:", path) && $0.hasRow(" \(index)/13)") }
            }
            try await tmux.send("C-n")
            try await sendReady(12, "GraphQL users", line: "POST    graphql", until: "the GraphQL users") { $0.hasRow("200 OK") && $0.hasRow("\"users\": [") }
            try await tmux.send("C-n")
            try await sendReady(13, "GraphQL partial data", line: "POST    graphql", until: "the partial data") { $0.hasRow("1 error with partial data") }
            try await tmux.send("C-n")
            try await sendReady(1, "users", line: "GET     json/2", until: "the users again") {
                $0.hasRow("(users 1/13)") && $0.hasRow("\"users\": [") && $0.hasRow("No headers.") && $0.hasRow("Body · none")
            }

            // What reached the demo, in its own words.
            try await tmux.send("C-u")
            try await tmux.send("received", literal: true)
            try await tmux.send("Enter")
            try await tmux.waitFor("the requests the demo received") { $0.hasRow("\"received\": [") }
            func filter(_ path: String, _ what: String, _ expected: @escaping ([String]) -> Bool) async throws {
                try await tmux.send("f")
                try await tmux.send(path, literal: true)
                try await tmux.waitFor(what) { screen in screen.hasRow("filter \(path)") && expected(screen) }
                try await tmux.send("Escape")
                try await tmux.waitFor("the filter closed") { !$0.hasRow("filter \(path)") }
            }
            try await tmux.send("Tab", "Tab", "Tab")
            try await filter("$.received[*].target", "every ready request sent, in order") { screen in
                let rows = screen.joined(separator: "\n")
                let order = ["\"/flaky/2\"", "\"/auth/protected\"", "\"/retry-after/3\"", "\"/echo\"", "\"/ansi\"", "\"/events?count=20", "\"/logs.ndjson?count=40", "\"/graphql\""]
                let places = order.compactMap { rows.range(of: $0)?.lowerBound }
                return screen.hasRow("  \"/json/2\",") && places.count == order.count && places == places.sorted()
            }
            try await filter("$.received[?@.headers['X-Note']].target", "the note on the echo alone") { screen in
                screen.hasRow("filter: 1 match") && screen.hasRow("  \"/echo\"")
            }
            try await filter("$.received[?@.headers['Content-Type']].target", "a body on the echo and the GraphQL posts alone") { screen in
                screen.hasRow("filter: 3 matches") && screen.hasRow("  \"/echo\",") && screen.hasRow("  \"/graphql\",") && screen.hasRow("  \"/graphql\"")
            }
        }
    }
}
