import ClientEvents
import Profiles
import RequestModel
import Testing
import TUICore
@testable import ExplorerApp

/// A request file in the TUI (SPEC §8): its requests in the picker, sent with their checks,
/// run all (Esc stops the rest), the Checks view filled from the events, the variables overlay.
@Suite struct RequestFileTUITests {
    typealias F = AppFixture

    static let yaml = """
        version: 1
        profile: demo
        vars: { user: "ann" }
        requests:
          - name: "login"
            method: "POST"
            url: "auth/login"
            capture:
              token: { json: "$.token", secret: true }
            assert:
              - { status: 200 }
          - name: "me"
            url: "users/me"
            headers: ["Authorization: Bearer {{token}}"]
            poll: { until: [ { json: "$.state", equals: "done" } ], every: 0.2, max: 30 }
            assert:
              - { json: "$.name", equals: "{{user}}" }
        """

    /// The demo state with `chain.yaml` opened, as the loop reports Ctrl+O on it.
    func opened(width: Int = 80, height: Int = 24) throws -> AppState {
        let file = try RequestFile(path: "examples/chain.yaml", text: Self.yaml)
        var state = F.state(width: width, height: height)
        #expect(state.update(.requestFileOpened(path: file.path, requests: file.requests.requests, profile: file.requests.profile), now: 1)
                == [.listVariables])
        return state
    }

    /// F5 on the panes' request, returning the exchange it started.
    func send(_ state: inout AppState, expecting index: Int, edited: Bool = false,
              sourceLocation: SourceLocation = #_sourceLocation) -> ExchangeID? {
        let effects = F.press(.function(5), into: &state)
        guard case .sendFromFile(let sent, let draft, let wasEdited, let id)? = effects.first, effects.count == 1 else {
            Issue.record("not a file send: \(effects)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(sent == index, sourceLocation: sourceLocation)
        #expect(wasEdited == edited, sourceLocation: sourceLocation)
        #expect(draft == state.draft, sourceLocation: sourceLocation)
        return id
    }

    @Test func openingARequestFileLoadsItsFirstRequest() throws {
        let state = try opened()
        #expect(state.requestFile?.path == "examples/chain.yaml")
        #expect(state.requestFile?.current == 0)
        #expect(state.draft.method == "POST")
        #expect(state.draft.url == "auth/login")
        #expect(F.joined(state).contains("opened examples/chain.yaml: 2 requests"))
    }

    @Test func aFileNamingAnotherProfileSwitchesToIt() throws {
        let file = try RequestFile(path: "staging.yaml", text: Self.yaml.replacingOccurrences(of: "profile: demo", with: "profile: staging"))
        var state = F.state()
        let effects = state.update(.requestFileOpened(path: file.path, requests: file.requests.requests, profile: file.requests.profile), now: 1)
        #expect(effects == [.switchProfile("staging"), .listVariables])
        #expect(state.requestFile?.path == "staging.yaml")
    }

    @Test func ctrlFListsTheFilesRequestsAndEnterLoadsOne() throws {
        var state = try opened()
        #expect(F.press(.control("f"), into: &state).isEmpty)
        let screen = F.joined(state)
        #expect(screen.contains("Requests of chain.yaml (2)"))
        #expect(screen.contains("login") && screen.contains("GET users/me"))
        F.press(.down, .enter, into: &state)
        #expect(state.overlay == nil)
        #expect(state.requestFile?.current == 1)
        #expect(state.draft.url == "users/me")
        #expect(state.draft.headers == [RequestDraft.Header("Authorization", "Bearer {{token}}")])
    }

    /// Typing filters the file's requests (fuzzy, over name, method and URL); Enter opens the
    /// match, not the row the file had there.
    @Test func typingInThePickerFiltersTheFilesRequests() throws {
        var state = try opened()
        F.press(.control("f"), into: &state)
        F.type("usme", into: &state)
        let screen = F.joined(state)
        #expect(screen.contains("Requests of chain.yaml (1 of 2)"))
        #expect(screen.contains("GET users/me") && !screen.contains("POST auth/login"))
        F.press(.enter, into: &state)
        #expect(state.requestFile?.current == 1)
        #expect(state.draft.url == "users/me")
        F.press(.control("f"), into: &state)
        F.type("zzz", into: &state)
        #expect(F.joined(state).contains("no request matches zzz"))
    }

    @Test func sendingAFileRequestKeepsItsIndexAndSaysWhetherItWasEdited() throws {
        var state = try opened()
        let first = send(&state, expecting: 0)
        #expect(first != nil)
        _ = state.update(.exchangeEnded(try #require(first), failure: nil, cancelled: false), now: 2)
        state.focus = .request
        F.press(.end, into: &state)
        F.type("?x=1", into: &state)
        _ = send(&state, expecting: 0, edited: true)
    }

    @Test func aRequestLoadedFromElsewhereIsNoLongerTheFilesRequest() throws {
        var state = try opened()
        state.focus = .request
        F.press(.control("n"), into: &state)
        #expect(state.requestFile?.current == nil)
        guard case .send? = F.press(.function(5), into: &state).first else { Issue.record("a plain send expected"); return }
    }

    @Test func aRequestWithoutChecksHasNoChecksTab() throws {
        let file = try RequestFile(path: "plain.yaml", text: "version: 1\nrequests:\n  - name: \"page\"\n    url: \"json/2\"\n")
        var state = F.state()
        _ = state.update(.requestFileOpened(path: file.path, requests: file.requests.requests, profile: nil), now: 1)
        let id = try #require(send(&state, expecting: 0))
        _ = state.update(.responseReceived(id, F.summary(bytes: 2), F.document("{}")), now: 2)
        _ = state.update(.fileRequestFinished(id, failures: []), now: 2)
        #expect(state.response.checks == nil)
        #expect(!F.inside(.response, of: state, now: 2).contains { $0.contains("Checks") })
    }

    @Test func aRefusedRequestShowsItsReasonWhereErrorsShow() throws {
        var state = try opened()
        let id = try #require(send(&state, expecting: 0))
        let reason = "undefined variable {{token}} (examples/chain.yaml:21)"
        _ = state.update(.fileRequestFinished(id, failures: [reason]), now: 2)
        _ = state.update(.exchangeEnded(id, failure: reason, cancelled: false), now: 2)
        #expect(F.joined(state, now: 2).contains(reason))
        #expect(state.response.content == .failure(reason))
    }

    @Test func theChecksViewFollowsTheEventsAndMasksSecrets() throws {
        var state = try opened(width: 160, height: 40)
        F.press(.control("f"), .down, .enter, into: &state)
        let id = try #require(send(&state, expecting: 1))
        func post(_ kind: ClientEvent.Kind) { _ = state.update(.client(ClientEvent(exchange: id, tMs: 1, kind: kind)), now: 2) }
        post(.validatorDecided(attempt: 2, validator: "poll", decision: .retry, reason: "$.state equals \"done\": got \"running\""))
        // While it polls the pane waits, and shows the poll's progress.
        #expect(F.inside(.response, of: state, now: 2).contains { $0.contains("poll: try 2 of 30: $.state equals \"done\": got \"running\"") })
        post(.validatorDecided(attempt: 3, validator: "poll", decision: .next, reason: "every until assert holds after 3 tries"))
        post(.captureSet(name: "token", source: "json $.token", value: Secrets.mask))
        post(.assertPassed(AssertReport(request: "me", subject: "status", predicate: "equals", expected: .number("200"), actual: .number("200"))))
        post(.assertFailed(AssertReport(request: "me", subject: "$.name", predicate: "equals", expected: .string("ann"), actual: .string("bob"))))
        _ = state.update(.responseReceived(id, F.summary(bytes: 2), F.document("{}")), now: 2)
        _ = state.update(.fileRequestFinished(id, failures: ["$.name equals \"ann\", got \"bob\""]), now: 2)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        // The status bar says why it failed.
        #expect(F.joined(state, now: 2).contains("✗ me: $.name equals \"ann\", got \"bob\""))
        state.focus = .response
        #expect(F.inside(.response, of: state, now: 2).contains { $0.contains("Checks ✓1 ✗1") })
        F.press(.character("t"), .character("t"), into: &state)
        #expect(state.response.tab == .checks)
        let pane = F.inside(.response, of: state, now: 2)
        #expect(pane.contains { $0.contains("poll: done at try 3 of 30") })
        #expect(pane.contains { $0.contains("✓ status equals 200") && $0.contains("got 200") })
        #expect(pane.contains { $0.contains("✗ $.name equals \"ann\"") && $0.contains("got \"bob\"") })
        #expect(pane.contains { $0.contains("token = •••") })
        // The failure the assert already says is not said twice.
        #expect(pane.filter { $0.contains("\"bob\"") }.count == 1)
        // `t` goes back to the body.
        F.press(.character("t"), into: &state)
        #expect(state.response.tab == .body)
    }

    @Test func theVariablesOverlayMasksSecretsAndEditsAValue() throws {
        var state = try opened()
        _ = state.update(.variablesListed([
            RequestFileState.Variable(name: "jobId", value: "42", secret: false, source: "capture"),
            RequestFileState.Variable(name: "token", value: "tok-s3cret", secret: true, source: "capture"),
            RequestFileState.Variable(name: "user", value: "ann", secret: false, source: "file"),
        ]), now: 1)
        #expect(F.press(.function(8), into: &state) == [.listVariables])
        var screen = F.joined(state)
        #expect(screen.contains("Variables of chain.yaml (3)"))
        #expect(screen.contains("jobId") && screen.contains("42"))
        #expect(screen.contains("token") && screen.contains("•••"))
        #expect(!screen.contains("tok-s3cret"))
        #expect(screen.contains("capture") && screen.contains("file"))
        F.press(.down, .enter, into: &state)
        #expect(state.overlay.map { if case .prompt(.editVariable("token"), let prompt) = $0 { prompt.text.isEmpty } else { false } } == true)
        F.type("other", into: &state)
        #expect(F.press(.enter, into: &state) == [.setVariable(name: "token", value: "other")])
        screen = F.joined(state)
        #expect(screen.contains("--var") && screen.contains("other"))
        #expect(state.requestFile?.variables[1] == RequestFileState.Variable(name: "token", value: "other", secret: false, source: "--var"))
    }

    @Test func variablesWithoutARequestFileSayHowToOpenOne() {
        var state = F.state()
        #expect(F.press(.function(8), into: &state).isEmpty)
        #expect(F.joined(state).contains("no request file open"))
    }

    @Test func runAllSendsEveryRequestInOrderAndSaysHowItWent() throws {
        var state = try opened()
        // Later than the message that the file opened.
        let effects = F.press(.function(7), into: &state, now: 10)
        guard case .sendFromFile(0, _, false, let first)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(F.joined(state, now: 10).contains("run 1/2 · #1 in flight"))
        _ = state.update(.fileRequestFinished(first, failures: []), now: 11)
        let next = state.update(.exchangeEnded(first, failure: nil, cancelled: false), now: 11)
        guard case .sendFromFile(1, let draft, false, let second)? = next.first else { Issue.record("\(next)"); return }
        #expect(draft.url == "users/me")
        #expect(state.requestFile?.current == 1)
        _ = state.update(.fileRequestFinished(second, failures: ["$.name equals \"ann\", got \"bob\""]), now: 12)
        #expect(state.update(.exchangeEnded(second, failure: nil, cancelled: false), now: 12).isEmpty)
        #expect(state.requestFile?.isRunning == false)
        #expect(F.joined(state, now: 12).contains("run of chain.yaml: 1 passed, 1 failed"))
    }

    @Test func escStopsTheRestOfARun() throws {
        var state = try opened()
        guard case .sendFromFile(0, _, _, let first)? = F.press(.function(7), into: &state).first else { Issue.record("no send"); return }
        #expect(F.press(.escape, into: &state) == [.cancel(first)])
        #expect(state.requestFile?.runQueue.isEmpty == true)
        #expect(state.update(.exchangeEnded(first, failure: "cancelled", cancelled: true), now: 2).isEmpty)
        #expect(state.requestFile?.isRunning == false)
    }

    @Test func runAllWithoutARequestFileSaysHowToOpenOne() {
        var state = F.state()
        #expect(F.press(.function(7), into: &state).isEmpty)
        #expect(F.joined(state).contains("no request file open"))
    }

    @Test func theHelpListsTheRequestFileKeys() {
        let actions = KeyBindings.sections.flatMap(\.bindings).map { "\($0.keys): \($0.action)" }
        #expect(actions.contains { $0.hasPrefix("F7: run all the requests of the request file") })
        #expect(actions.contains { $0.hasPrefix("F8: variables of the request file") })
    }
}

extension RequestFileTUITests {
    @Test func aPollThatGaveUpShowsItsFailureAndTheLastValue() throws {
        var state = try opened(width: 220, height: 40)
        F.press(.control("f"), .down, .enter, into: &state)
        let id = try #require(send(&state, expecting: 1))
        let reason = "$.state equals \"done\": got \"running\""
        _ = state.update(.client(ClientEvent(exchange: id, tMs: 1, kind: .validatorDecided(attempt: 30, validator: "poll", decision: .fail,
                                                                                           reason: reason))), now: 2)
        let failure = "poll gave up after 30 tries: " + reason
        _ = state.update(.fileRequestFinished(id, failures: [failure]), now: 2)
        _ = state.update(.exchangeEnded(id, failure: failure, cancelled: false), now: 2)
        let pane = F.inside(.response, of: state, now: 2)
        #expect(pane.contains { $0.contains("poll: gave up at try 30 of 30: " + reason) }, "\(pane.joined(separator: "\n"))")
        #expect(pane.contains { $0.contains("✗ " + failure) })
    }
}
