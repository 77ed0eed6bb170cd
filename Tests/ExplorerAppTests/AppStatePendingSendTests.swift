import ClientCore
import Testing
import TUICore
@testable import ExplorerApp

/// Typing ahead (issue 14): a send pressed before the profile is ready waits for it, says so on
/// the status line, and goes exactly once when the base URL arrives.
@Suite struct AppStatePendingSendTests {
    typealias F = AppFixture

    func status(_ state: AppState, now: Double = 1) -> String { F.lines(state, now: now).last ?? "" }
    func sends(_ effects: [Effect]) -> [Effect] { effects.filter { if case .send = $0 { true } else { false } } }

    @Test func aSendBeforeTheBaseURLIsKnownWaitsThenGoesOnce() {
        var state = F.state(profileReady: false)
        #expect(F.press(.function(5), into: &state, now: 0.1).isEmpty)
        #expect(state.exchanges.inFlight == nil)
        #expect(status(state, now: 0.2).contains("waiting for the demo API to start… then it sends · Esc cancels"))
        // Long after any message would have expired, it still says what it waits for.
        #expect(status(state, now: 30).contains("waiting for the demo API to start…"))

        let effects = state.update(.profileReady(name: "demo", baseURL: F.base + "/"), now: 0.5)
        #expect(effects == [.listSavedRequests("demo"), .send(RequestDraft(method: "GET", url: "json/2"), ExchangeID(1))])
        #expect(state.exchanges.pending == nil)
        #expect(state.exchanges.inFlight?.id == ExchangeID(1))
        #expect(status(state, now: 0.6).contains("#1 in flight"))
        // Nothing more goes: not on another ready, not on a tick.
        #expect(sends(state.update(.profileReady(name: "demo", baseURL: F.base + "/"), now: 0.7)).isEmpty)
        #expect(sends(state.update(.tick, now: 0.8)).isEmpty)
        #expect(state.exchanges.sent == 1)
    }

    @Test func pressingSendAgainWhileItWaitsStillSendsOnceTheLatestDraft() {
        var state = F.state(profileReady: false)
        F.press(.function(5), into: &state)
        F.type("?page=2", into: &state)
        F.press(.control("r"), .enter, into: &state)
        let effects = state.update(.profileReady(name: "demo", baseURL: F.base + "/"), now: 2)
        #expect(sends(effects) == [.send(RequestDraft(method: "GET", url: "json/2?page=2"), ExchangeID(1))])
        #expect(state.exchanges.sent == 1)
    }

    @Test func keysTypedAfterTheSendAreAppliedInOrderButDoNotChangeWhatGoes() {
        var state = F.state(profileReady: false)
        F.type("?a=1", into: &state)
        F.press(.function(5), into: &state)
        F.type("&b=2", into: &state)
        let effects = state.update(.profileReady(name: "demo", baseURL: F.base + "/"), now: 2)
        #expect(sends(effects) == [.send(RequestDraft(method: "GET", url: "json/2?a=1"), ExchangeID(1))])
        #expect(state.request.urlText == "json/2?a=1&b=2")
    }

    @Test func escOrCtrlCCancelsTheWaitingSendWithoutQuitting() {
        for key: Key in [.escape, .control("c")] {
            var state = F.state(profileReady: false)
            F.press(.function(5), into: &state)
            #expect(F.press(key, into: &state).isEmpty)
            #expect(!state.wantsQuit)
            #expect(state.exchanges.pending == nil)
            #expect(status(state).contains("the waiting send is cancelled"))
            #expect(sends(state.update(.profileReady(name: "demo", baseURL: F.base + "/"), now: 2)).isEmpty)
            #expect(state.exchanges.sent == 0)
        }
    }

    @Test func aProfileThatFailsDropsTheWaitingSendAndSaysWhy() {
        var state = F.state(profileReady: false)
        F.press(.function(5), into: &state)
        #expect(state.update(.profileFailed("port 8080 in use"), now: 2).isEmpty)
        #expect(state.exchanges.pending == nil)
        #expect(status(state, now: 2).contains("not sent: profile demo failed: port 8080 in use"))
        #expect(state.exchanges.sent == 0)
    }

    @Test func aSwitchToAnotherProfileDropsTheWaitingSend() {
        var state = F.state(profileReady: false)
        F.press(.function(5), into: &state)
        _ = state.switchProfile(to: "staging", now: 2)
        #expect(state.exchanges.pending == nil)
        #expect(status(state, now: 2).contains("not sent: the profile changed to staging"))
        #expect(sends(state.update(.profileReady(name: "staging", baseURL: "http://127.0.0.1:9/"), now: 3)).isEmpty)
    }

    @Test func aSendDuringASwitchWaitsForTheNewProfileAndAFailedSwitchDropsIt() {
        var state = F.state()
        _ = state.switchProfile(to: "staging", now: 1)
        F.press(.function(5), into: &state, now: 1.1)
        #expect(status(state, now: 1.2).contains("waiting for profile staging to start…"))
        _ = state.update(.profileSwitchFailed(name: "staging", problem: "staging.yaml:2: timeout"), now: 2)
        #expect(state.exchanges.pending == nil)
        #expect(state.message?.text == "not sent: profile staging not opened: staging.yaml:2: timeout")
        #expect(state.exchanges.sent == 0)
    }

    @Test func aDraftThatCannotGoIsRefusedAtOnceNotKeptWaiting() {
        var state = F.state(url: "", profileReady: false)
        #expect(F.press(.function(5), into: &state).isEmpty)
        #expect(state.exchanges.pending == nil)
        #expect(state.message?.text == "not sent: URL is empty")
    }

    @Test func aPasteBeforeTheProfileIsReadyLandsWholeInTheURLLine() {
        var state = F.state(url: "", profileReady: false)
        let long = "echo?pad=" + String(repeating: "0123456789abcdef", count: 128)
        F.press(.paste(long), .function(5), into: &state)
        let effects = state.update(.profileReady(name: "demo", baseURL: F.base + "/"), now: 2)
        #expect(sends(effects) == [.send(RequestDraft(method: "GET", url: long), ExchangeID(1))])
    }
}
