import ClientCore
import Testing
import TUICore
@testable import ExplorerApp

/// The help overlay, the command palette and the quit question, driven through `update`.
@Suite struct AppStateOverlayTests {
    typealias F = AppFixture

    func isHelpOpen(_ state: AppState) -> Bool {
        if case .help = state.overlay { true } else { false }
    }

    func helpLines(_ state: AppState) -> [String] {
        F.lines(state).filter { $0.contains("Help — Esc, F1 or ? to close") }
    }

    @Test func f1OpensHelpAndEscF1OrQuestionMarkCloseIt() {
        for closer: Key in [.escape, .function(1), .character("?")] {
            var state = F.state()
            F.press(.function(1), into: &state)
            #expect(isHelpOpen(state))
            #expect(helpLines(state).count == 1)
            #expect(state.render(now: 1).cursor == nil)
            F.press(closer, into: &state)
            #expect(state.overlay == nil)
            #expect(helpLines(state).isEmpty)
            F.expectFirstFrame(state)
        }
    }

    @Test func questionMarkOutsideTextFieldsOpensHelp() {
        var state = F.state()
        F.press(.tab, into: &state)  // Headers, not editing
        F.press(.character("?"), into: &state)
        #expect(isHelpOpen(state))
        F.press(.character("?"), into: &state)
        #expect(state.overlay == nil)
        F.press(.tab, .tab, .character("?"), into: &state)  // Response
        #expect(isHelpOpen(state))
        F.press(.escape, .tab, .character("?"), into: &state)  // Timeline
        #expect(isHelpOpen(state))
        F.press(.escape, .backTab, .backTab, .character("?"), into: &state)  // Body with no body yet
        #expect(isHelpOpen(state))
    }

    @Test func questionMarkTypedInTheURLLineTypes() {
        var state = F.state(url: "users")
        F.press(.end, .character("?"), into: &state)
        F.type("page=2", into: &state)
        #expect(state.overlay == nil)
        #expect(state.request.urlText == "users?page=2")
        #expect(F.lines(state)[1].hasPrefix("│GET     users?page=2"))
    }

    @Test func questionMarkTypedInOtherTextFieldsTypes() {
        var state = F.state()
        // A header value being edited.
        F.press(.tab, .character("a"), into: &state)
        F.type("X-Q", into: &state)
        F.press(.enter, .character("?"), into: &state)
        #expect(state.overlay == nil)
        #expect(state.headers.rows.first?.value == "?")
        // The body once it has a kind.
        F.press(.escape, .tab, into: &state)
        F.type("a?", into: &state)
        #expect(state.overlay == nil)
        #expect(state.body.text == "a?")
        // The Response search prompt.
        F.press(.tab, .character("/"), .character("?"), into: &state)
        #expect(state.overlay == nil)
        #expect(state.response.searchField == "?")
    }

    @Test func helpCoversTheWindowAndKeysDoNotReachThePanes() {
        var state = F.state()
        F.press(.function(1), into: &state)
        F.press(.character("x"), .enter, into: &state)
        #expect(state.request.urlText == "json/2")
        // Enter closes the overlay, it does not send.
        #expect(state.overlay == nil)
        #expect(state.exchanges.inFlight == nil)
        F.press(.function(1), .tab, into: &state)
        #expect(state.focus == .request)
    }

    @Test func helpScrollsWithinTheTableAndFollowsResizes() {
        var state = F.state()
        F.press(.function(1), into: &state)
        for _ in 0..<300 { F.press(.down, into: &state) }
        let end = F.lines(state)
        #expect(end.contains { $0.contains("follow the newest events") })
        F.press(.up, into: &state)
        #expect(F.lines(state) != end)
        _ = state.update(.resize(width: 80, height: 200), now: 1)
        guard case .help(let help) = state.overlay else {
            Issue.record("help closed")
            return
        }
        #expect(help.scroll == 0)
        #expect(F.joined(state).contains("Everywhere"))
    }

    @Test func ctrlQFromHelpQuits() {
        var state = F.state()
        F.press(.function(1), into: &state)
        #expect(F.press(.control("q"), into: &state) == [.quit])
    }

    // MARK: Palette

    func paletteEntries(_ state: AppState) -> [String] {
        guard case .palette(let palette) = state.overlay else { return [] }
        return palette.matches.map(\.title)
    }

    @Test func ctrlPOpensThePaletteAndTypingFilters() {
        var state = F.state()
        F.press(.control("p"), into: &state)
        #expect(paletteEntries(state).count == Palette(profiles: ["demo"]).commands.count)
        let joined = F.joined(state)
        #expect(joined.contains("Commands — Enter runs, Esc closes"))
        #expect(joined.contains("Send the request"))
        F.type("wrap", into: &state)
        #expect(paletteEntries(state) == ["Response: wrap long lines"])
        let lines = F.lines(state)
        #expect(lines.contains { $0.contains("› wrap") })
        #expect(!lines.contains { $0.contains("Send the request") })
        F.press(.backspace, .backspace, .backspace, .backspace, into: &state)
        #expect(paletteEntries(state).count == Palette(profiles: ["demo"]).commands.count)
        F.type("zzz", into: &state)
        #expect(F.joined(state).contains("no command matches"))
        #expect(F.press(.enter, into: &state).isEmpty)
        F.press(.escape, into: &state)
        #expect(state.overlay == nil)
        // Keys typed into the palette never reached the URL line.
        #expect(state.request.urlText == "json/2")
    }

    @Test func paletteTogglesReachTheResponsePane() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        let body = #"{"name":"Ada","tags":["x","y"]}"#
        _ = state.update(.responseReceived(id, F.summary(bytes: body.utf8.count), F.document(body)), now: 2)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        #expect(F.inside(.response, of: state)[2] == "{")

        F.press(.control("p"), into: &state)
        F.type("wrap", into: &state)
        F.press(.enter, into: &state)
        #expect(state.overlay == nil)
        #expect(state.response.wrap)
        #expect(F.inside(.response, of: state)[1].contains("wrap"))

        F.press(.control("p"), into: &state)
        F.type("pretty", into: &state)
        F.press(.enter, into: &state)
        #expect(state.response.prefersRaw)
        #expect(F.inside(.response, of: state)[2] == body)
        #expect(F.inside(.response, of: state)[1].contains("JSON raw"))
    }

    @Test func paletteArrowsChooseAndHelpAndQuitRun() {
        var state = F.state()
        F.press(.control("p"), .up, .down, .down, into: &state)
        guard case .palette(let palette) = state.overlay else { Issue.record("no palette"); return }
        #expect(palette.selection == 2)
        F.press(.escape, .control("p"), into: &state)
        F.type("help", into: &state)
        F.press(.enter, into: &state)
        #expect(isHelpOpen(state))
        F.press(.escape, .control("p"), into: &state)
        F.type("quit", into: &state)
        #expect(F.press(.enter, into: &state) == [.quit])
        #expect(state.wantsQuit)
    }

    @Test func paletteSendsSkipsAndCopies() {
        var state = F.state()
        F.press(.control("p"), into: &state)
        F.type("send", into: &state)
        let effects = F.press(.enter, into: &state)
        #expect(effects == [.send(state.draft, ExchangeID(1))])
        F.press(.control("p"), into: &state)
        F.type("skip", into: &state)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(state.message?.text == "no retry wait to skip")
        F.press(.control("p"), into: &state)
        F.type("cancel", into: &state)
        #expect(F.press(.enter, into: &state) == [.cancel(ExchangeID(1))])
        F.press(.control("p"), into: &state)
        F.type("curl", into: &state)
        #expect(F.press(.enter, into: &state) == [.makeCurl(state.draft)])
        F.press(.control("p"), into: &state)
        F.type("copy the response", into: &state)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(state.message?.isError == true)
    }

    @Test func paletteCopiesASmallResponseBody() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        _ = state.update(.responseReceived(id, F.summary(bytes: 7), F.document(#"{"a":1}"#)), now: 2)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        F.press(.control("p"), into: &state)
        F.type("copy body", into: &state)
        #expect(F.press(.enter, into: &state) == [.copy(#"{"a":1}"#, label: "response body")])
    }

    @Test func paletteSwitchProfileSaysWhatHappens() {
        var state = F.state()
        F.press(.control("p"), into: &state)
        F.type("switch profile demo", into: &state)
        F.press(.enter, into: &state)
        #expect(state.message?.text == "already on profile demo")
        #expect(F.lines(state)[23].contains("already on profile demo"))
    }

    // MARK: Quit

    @Test func ctrlQWithNoEditsQuits() {
        var state = F.state()
        F.press(.tab, .tab, .tab, into: &state)
        #expect(F.press(.control("q"), into: &state) == [.quit])
        #expect(state.wantsQuit)
    }

    @Test func ctrlQAfterTypingInTheBodyAsksFirst() {
        var state = F.state()
        F.press(.tab, .tab, into: &state)
        F.type("{}", into: &state)
        #expect(F.press(.control("q"), into: &state).isEmpty)
        #expect(state.overlay == .confirmQuit)
        #expect(!state.wantsQuit)
        let joined = F.joined(state)
        #expect(joined.contains("Quit?"))
        #expect(joined.contains("y quits"))
        // The body's cursor does not blink through the question.
        #expect(state.render(now: 1).cursor == nil)
        // n stays, and the body is still there.
        #expect(F.press(.character("n"), into: &state).isEmpty)
        #expect(state.overlay == nil)
        #expect(!state.wantsQuit)
        #expect(state.body.text == "{}")
        // Asked again, y quits.
        F.press(.control("q"), into: &state)
        #expect(F.press(.character("y"), into: &state) == [.quit])
        #expect(state.wantsQuit)
    }

    @Test func ctrlQAfterEditingTheURLOrAHeaderAsks() {
        var state = F.state()
        F.type("x", into: &state)
        F.press(.control("q"), into: &state)
        #expect(state.overlay == .confirmQuit)
        F.press(.escape, into: &state)
        #expect(state.overlay == nil)

        var headers = F.state()
        F.press(.tab, .character("a"), into: &headers)
        F.type("X-A", into: &headers)
        F.press(.control("q"), into: &headers)
        #expect(headers.overlay == .confirmQuit)
    }

    @Test func loadingAReadyRequestIsNoWorkButKeptHeadersStillAre() {
        // The URL typed is replaced by Ctrl+N: nothing is lost.
        var state = F.state()
        F.type("x", into: &state)
        F.press(.control("n"), into: &state)
        #expect(F.press(.control("q"), into: &state) == [.quit])

        // The echo request brings headers and a body: loading it is no work of the user's.
        var echo = F.state()
        F.press(.control("n"), .control("n"), into: &echo)
        #expect(echo.body.kind == .json)
        #expect(F.press(.control("q"), into: &echo) == [.quit])

        // A header typed before Ctrl+N stays in its pane (the ready request has none): still asks.
        var kept = F.state()
        F.press(.tab, .character("a"), into: &kept)
        F.type("X-Mine", into: &kept)
        F.press(.escape, .backTab, .control("n"), into: &kept)
        #expect(kept.headers.rows.map(\.name) == ["X-Mine"])
        #expect(F.press(.control("q"), into: &kept).isEmpty)
        #expect(kept.overlay == .confirmQuit)
    }

    /// What a ready request loaded is nobody's work: the next one replaces it, an empty pane
    /// included; only what the user typed is kept, and the status line says so.
    @Test func theNextReadyRequestReplacesWhatTheOneBeforeLoaded() {
        var state = F.state()
        F.press(.control("n"), .control("n"), into: &state)
        #expect(state.body.kind == .json && state.headers.rows.map(\.name) == ["X-Note"])
        F.press(.control("n"), into: &state)
        #expect(state.headers.rows.isEmpty)
        #expect(state.body.text.isEmpty)
        #expect(F.press(.control("q"), into: &state) == [.quit])

        var typed = F.state()
        F.press(.control("n"), .control("n"), .tab, .tab, into: &typed)
        F.type("!", into: &typed)
        F.press(.backTab, .backTab, .control("n"), into: &typed)
        #expect(typed.headers.rows.isEmpty)
        #expect(typed.body.text.contains("!"))
        #expect(F.lines(typed).joined().contains("kept what you typed in Body"))
    }

    @Test func typingUndoneIsNoWork() {
        var state = F.state()
        F.type("ab", into: &state)
        F.press(.backspace, .backspace, into: &state)
        #expect(F.press(.control("q"), into: &state) == [.quit])
    }

    @Test func changingTheMethodOrTheBodyKindIsWork() {
        var method = F.state()
        F.press(.down, into: &method)
        #expect(F.press(.control("q"), into: &method).isEmpty)
        var kind = F.state()
        F.press(.tab, .tab, .control("t"), into: &kind)
        #expect(F.press(.control("q"), into: &kind).isEmpty)
    }

    @Test func theQuitQuestionFitsAtTheMinimumSize() {
        var state = F.state(width: 50, height: 16)
        F.type("x", into: &state)
        F.press(.control("q"), into: &state)
        let joined = F.joined(state)
        #expect(joined.contains("y quits"))
        #expect(joined.contains("any other key stays"))
    }

    @Test func theQuitQuestionShowsInATooSmallWindow() {
        var state = F.state()
        F.type("x", into: &state)
        _ = state.update(.resize(width: 40, height: 10), now: 1)
        F.press(.control("q"), into: &state)
        #expect(state.overlay == .confirmQuit)
        #expect(F.joined(state).contains("y quits"))
        #expect(F.press(.character("y"), into: &state) == [.quit])
    }
}
