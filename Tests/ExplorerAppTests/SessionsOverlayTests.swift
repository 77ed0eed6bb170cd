import ClientCore
import Foundation
import Sessions
import Testing
import TUICore
@testable import ExplorerApp
import RequestModel

/// Sessions in the TUI: the browser of a session opened with `--session` (F4), history (F3),
/// loading an exchange with its recorded response, re-sending one or all, saving (F6), compare.
@Suite struct SessionsOverlayTests {
    typealias F = AppFixture

    static let users = Session.Exchange(
        request: RequestSpec(method: "GET", url: "json/2", headers: [Session.Field("X-Trace", "1"), Session.Field("Authorization", "•••")]),
        outcome: Session.Outcome(status: 200, httpVersion: "HTTP/1.1", headers: [Session.Field("Content-Type", "application/json")],
                                 body: .json(JSONNode.parse(#"{"id":2,"name":"ann"}"#)!), attempts: 1, elapsedMs: 12))
    static let flaky = Session.Exchange(
        request: RequestSpec(method: "GET", url: "flaky/2"),
        outcome: Session.Outcome(status: 200, body: .text("ok"), attempts: 3))
    static let echo = Session.Exchange(
        request: RequestSpec(method: "POST", url: "echo", body: .json(#"{"greeting":"hello"}"#)),
        outcome: Session.Outcome(status: 503, body: .digest(sha256: "ab12cd34ef567890", size: 90_000, contentType: nil),
                                 error: Session.Failure(kind: "retriesExhausted", message: "gave up after 3 attempts"), attempts: 3))

    func opened(width: Int = 80, height: Int = 24) -> AppState {
        var state = F.state(width: width, height: height)
        state.open(SessionState.Opened(file: "/tmp/x/sessions/tour.yaml", exchanges: [Self.users, Self.flaky, Self.echo]))
        return state
    }

    @Test func anOpenedSessionListsItsExchangesWithStatusAndAttempts() {
        let state = opened()
        let lines = F.lines(state)
        #expect(lines.contains { $0.contains("┌ Session tour.yaml — 3 exchanges") })
        #expect(lines.contains { $0.contains("GET json/2  200 · 1 attempt") })
        #expect(lines.contains { $0.contains("GET flaky/2  200 · 3 attempts") })
        #expect(lines.contains { $0.contains("POST echo  503 · ✗ retriesExhausted · 3 attempts") })
        #expect(lines.contains { $0.contains("Enter load · r re-send · R re-send all") })
        for line in lines { #expect(CellWidth.of(line) <= 80) }
    }

    @Test func enterLoadsTheRequestAndShowsItsRecordedResponse() {
        var state = opened()
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(state.overlay == nil)
        #expect(state.request.method == "GET" && state.request.urlText == "json/2")
        // The redacted secret is left out: the profile supplies credentials now.
        #expect(state.headers.rows.map(\.name) == ["X-Trace"])
        #expect(state.sessions.recording == Self.users.outcome)
        let response = F.inside(.response, of: state).joined(separator: "\n")
        #expect(response.contains("200"))
        #expect(response.contains("\"name\": \"ann\""))
        #expect(!state.hasUnsavedWork)
    }

    /// A recorded WebSocket (SPEC §12) opens as its message log, as it was when live.
    @Test func aRecordedWebSocketShowsItsMessages() {
        var request = RequestSpec(url: "ws/echo")
        request.webSocket = true
        let id = ExchangeID(4)
        let conversation = Session.Exchange(
            request: request,
            events: [ClientEvent(exchange: id, tMs: 2, kind: .wsOpened(url: "ws://127.0.0.1:1/ws/echo", protocol: "", extensions: [])),
                     ClientEvent(exchange: id, tMs: 5, kind: .wsMessage(.init(direction: .outgoing, content: .text("hello")))),
                     ClientEvent(exchange: id, tMs: 6, kind: .wsMessage(.init(direction: .incoming, content: .text("hello back")))),
                     ClientEvent(exchange: id, tMs: 9, kind: .wsClosed(.init(code: 1000, reason: "", by: .client, messagesIn: 1, messagesOut: 1)))],
            outcome: Session.Outcome(status: 101, attempts: 1, elapsedMs: 9))
        var state = F.state()
        state.open(SessionState.Opened(file: "/tmp/x/sessions/websocket.yaml", exchanges: [conversation, Self.users]))
        F.press(.enter, into: &state)
        let response = F.inside(.response, of: state).joined(separator: "\n")
        #expect(state.response.stream?.isWebSocket == true)
        #expect(response.contains("#1 +5ms → text 5 B hello"), "\(response)")
        #expect(response.contains("#2 +6ms ← text 10 B hello back"), "\(response)")
        #expect(response.contains("2 messages"), "\(response)")
        // The next exchange loaded shows its own body, not the log.
        F.press(.function(4), .down, .enter, into: &state)
        #expect(state.response.stream == nil)
        #expect(F.inside(.response, of: state).joined(separator: "\n").contains("\"name\": \"ann\""))
    }

    @Test func aRecordingKeptByHashSaysSo() {
        var state = opened()
        F.press(.end, .enter, into: &state)
        #expect(state.request.method == "POST")
        #expect(state.body.kind == .json)
        #expect(F.inside(.response, of: state).joined().contains("recorded body not kept") || F.joined(state).contains("recorded"))
    }

    @Test func rResendsTheSelectedExchangeLiveInTheTimeline() {
        var state = opened()
        let effects = F.press(.down, .character("r"), into: &state)
        guard case .send(let draft, let id, _)? = effects.first else {
            Issue.record("not sent: \(effects)")
            return
        }
        #expect(draft.method == "GET" && draft.url == "flaky/2")
        #expect(state.exchanges.inFlight?.id == id)
        // The list makes way for the timeline; F4 brings it back.
        #expect(state.overlay == nil)
        F.press(.function(4), into: &state)
        #expect(F.lines(state).contains { $0.contains("┌ Session tour.yaml") })
        #expect(F.joined(state).contains("flaky/2"))
    }

    /// Issue 25: re-sending an exchange of a chain keeps its name, vars, captures and asserts,
    /// even after the panes were edited; loading a plain request drops them.
    @Test func aChainedExchangeIsResentWithItsChecks() throws {
        var me = RequestSpec(name: "me", method: "GET", url: "users/me", headers: [Session.Field("Authorization", "Bearer {{token}}")])
        me.vars = [NamedValue("user", "ann")]
        me.asserts = [RequestSpec.Assert(.json(try JSONPath("$.name")), .equals(.string("{{user}}")))]
        var state = F.state()
        state.open(SessionState.Opened(file: "/tmp/x/sessions/chain.yaml", exchanges: [Session.Exchange(name: "me", request: me), Self.flaky]))
        let effects = F.press(.character("r"), into: &state)
        guard case .send(let draft, _, let chain)? = effects.first else {
            Issue.record("not sent: \(effects)")
            return
        }
        #expect(chain == me)
        #expect(draft.request(named: chain?.name, over: chain) == me)
        #expect(state.response.checks != nil, "the Checks view waits for the asserts")

        // Loaded again, the chain stays with the panes.
        _ = state.update(.exchangeEnded(ExchangeID(1), failure: nil, cancelled: false), now: 2)
        F.press(.function(4), .enter, into: &state)
        #expect(state.chain == me)
        // A plain exchange has no chain.
        F.press(.function(4), .down, .enter, into: &state)
        #expect(state.chain == nil)
    }

    @Test func capitalRResendsEveryExchangeInOrderAndEscStopsTheRest() {
        var state = opened()
        var sent: [String] = []
        var effects = F.press(.character("R"), into: &state)
        for _ in 0..<3 {
            guard case .send(let draft, let id, _)? = effects.first else { break }
            sent.append("\(draft.method) \(draft.url)")
            effects = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        }
        #expect(sent == ["GET json/2", "GET flaky/2", "POST echo"])
        #expect(effects.isEmpty)
        // Cancelling one ends the queue.
        state.overlay = nil
        F.press(.function(4), into: &state)
        effects = F.press(.character("R"), into: &state)
        guard case .send(_, let id, _)? = effects.first else {
            Issue.record("not sent")
            return
        }
        F.press(.escape, into: &state)
        #expect(state.update(.exchangeEnded(id, failure: "cancelled", cancelled: true), now: 3).isEmpty)
    }

    @Test func f4WithoutASessionSaysHowToOpenOne() {
        var state = F.state()
        F.press(.function(4), into: &state)
        #expect(state.overlay == nil)
        #expect(F.lines(state).last?.contains("no session opened") == true)
    }

    @Test func f6AsksANameAndSavesWithSecretsRedactedUnlessKept() {
        var state = F.state()
        F.press(.function(6), into: &state)
        #expect(state.overlay == nil)
        #expect(F.lines(state).last?.contains("nothing to save yet") == true)
        _ = F.send(readyIndex: 0, in: &state)
        F.press(.function(6), into: &state)
        #expect(F.lines(state).contains { $0.contains("Save the session (secrets redacted)") })
        F.type("my tour", into: &state)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(F.lines(state).contains { $0.contains("✗ use letters, digits, - and _ only") })
        F.press(.control("u"), into: &state)
        F.type("tour", into: &state)
        #expect(F.press(.enter, into: &state) == [.saveSession(name: "tour", keepSecrets: false)])
        // Opting in, through the palette.
        F.press(.control("p"), into: &state)
        F.type("keep secrets", into: &state)
        #expect(F.press(.enter, into: &state) == [.keepSecrets(true)])
        F.press(.function(6), into: &state)
        #expect(F.lines(state).contains { $0.contains("Save the session (secrets kept)") })
        F.type("tour2", into: &state)
        #expect(F.press(.enter, into: &state) == [.saveSession(name: "tour2", keepSecrets: true)])
        _ = state.update(.notice("session saved: sessions/tour2.yaml (1 exchange, secrets kept)"), now: 2)
        #expect(F.lines(state, now: 2).last?.contains("session saved") == true)
    }

    @Test func f3ListsHistoryNewestFirstAndEnterLoadsIt() {
        var state = F.state()
        #expect(F.press(.function(3), into: &state) == [.loadHistory("demo")])
        #expect(F.lines(state).contains { $0.contains("nothing sent with this profile yet") })
        _ = state.update(.historyLoaded(profile: "demo", [Self.users, Self.flaky]), now: 1)
        let rows = F.lines(state).filter { $0.contains("GET ") }
        #expect(rows.count == 2)
        #expect(rows.first?.contains("flaky/2") == true)
        F.press(.enter, into: &state)
        #expect(state.request.urlText == "flaky/2")
        // Another profile's late answer is dropped.
        _ = state.update(.historyLoaded(profile: "staging", [Self.echo]), now: 2)
        #expect(state.sessions.history.count == 2)
    }

    @Test func cComparesWithTheRecordingOnceResent() {
        var state = opened()
        F.press(.enter, into: &state)
        state.focus = .response
        #expect(F.press(.character("c"), into: &state).isEmpty)
        #expect(F.lines(state).last?.contains("this is the recording") == true)
        let sent = F.press(.control("r"), into: &state)
        guard case .send(_, let id, _)? = sent.first else {
            Issue.record("not sent")
            return
        }
        #expect(F.press(.character("c"), into: &state).isEmpty)
        _ = state.update(.responseReceived(id, F.summary(bytes: 7), F.document(#"{"id":3}"#)), now: 2)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        #expect(F.press(.character("c"), into: &state, now: 2) == [.compare(id, against: Self.users.outcome, check: Session.Check())])
        _ = state.update(.report(title: "Compared with the recording", lines: ["body $.id: expected 2, got 3", "body $.name: missing (expected \"ann\")"]), now: 3)
        let lines = F.lines(state, now: 3)
        #expect(lines.contains { $0.contains("┌ Compared with the recording") })
        #expect(lines.contains { $0.contains("body $.id: expected 2, got 3") })
    }

    @Test func cComparesWithTheSessionsCheckRefinedByTheExchanges() {
        var state = F.state()
        var users = Self.users
        users.check = Session.Check(headers: ["ETag"], ignore: ["$.name"])
        state.open(SessionState.Opened(file: "s.yaml", exchanges: [users], check: Session.Check(headers: [], ignore: ["$.id"])))
        F.press(.enter, into: &state)
        guard case .send(_, let id, _)? = F.press(.control("r"), into: &state).first else {
            Issue.record("not sent")
            return
        }
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        state.focus = .response
        let check = Session.Check(headers: ["ETag"], ignore: ["$.id", "$.name"])
        #expect(F.press(.character("c"), into: &state, now: 2) == [.compare(id, against: users.outcome, check: check)])
    }

    @Test func cWithoutARecordingComparesWithThePreviousExchange() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        state.focus = .response
        #expect(F.press(.character("c"), into: &state, now: 2) == [.compare(id, against: nil, check: Session.Check())])
        _ = state.update(.report(title: "Compared with #1 GET json/2", lines: ["no differences"]), now: 3)
        #expect(F.lines(state, now: 3).contains { $0.contains("no differences") })
    }

    @Test func rowsSayWhenTheExchangeWasSent() {
        var exchange = Self.flaky
        exchange.startedAt = Date(timeIntervalSince1970: 1_790_000_000)
        let row = AppState.row(for: exchange)
        #expect(row.detail.hasPrefix("200 · 3 attempts · "))
        #expect(row.detail.contains(/\d\d-\d\d \d\d:\d\d$/))
    }

    @Test func theHelpListsTheSessionKeys() {
        let keys = KeyBindings.sections.flatMap(\.bindings).map(\.keys)
        for key in ["F3", "F4", "F6", "r", "R", "c"] { #expect(keys.contains(key), "\(key)") }
    }

    @Test(arguments: [(50, 16), (80, 24), (200, 50)])
    func theBrowserFitsEverySize(size: (Int, Int)) {
        let state = opened(width: size.0, height: size.1)
        let lines = F.lines(state)
        #expect(lines.contains { $0.contains("GET json/2") })
        for line in lines { #expect(CellWidth.of(line) <= size.0) }
    }
}

@Suite struct SessionsFirstFrameTests {
    typealias F = AppFixture

    @Test func theBrowserWaitsForTheProfileSoTheFirstFrameShowsThePanes() {
        var state = F.state(profileReady: false)
        state.open(SessionState.Opened(file: "s.yaml", exchanges: [SessionsOverlayTests.users]))
        #expect(state.overlay == nil)
        F.expectFirstFrame(state)
        _ = state.update(.profileReady(name: "demo", baseURL: "http://h/"), now: 1)
        #expect(F.lines(state).contains { $0.contains("┌ Session s.yaml — 1 exchange ") })
    }
}

@Suite struct ListSwitchingTests {
    typealias F = AppFixture

    @Test func fKeysGoFromOneListToAnother() {
        var state = F.state()
        state.open(SessionState.Opened(file: "s.yaml", exchanges: [SessionsOverlayTests.users]))
        #expect(F.press(.function(3), into: &state) == [.loadHistory("demo")])
        guard case .list(.history, _) = state.overlay else { Issue.record("history not open"); return }
        #expect(F.press(.control("f"), into: &state) == [.listSavedRequests("demo")])
        // F2 renames in the saved list; elsewhere it opens the profiles.
        #expect(F.press(.function(4), .function(2), into: &state) == [.listProfiles])
        F.press(.control("q"), into: &state)
        #expect(state.wantsQuit)
    }
}
