import ClientCore
import Testing
import TUICore
@testable import ExplorerApp
import TestSupport

/// The Profiles overlay (F2): listing, switching, creating, editing, duplicating, deleting —
/// keys in, effects and screen lines out.
@Suite struct ProfilesOverlayTests {
    typealias F = AppFixture

    /// The demo profile ready, `staging` and `prod` on disk, the Profiles list open.
    func opened() -> AppState {
        var state = F.state()
        _ = state.update(.profilesListed(["prod", "staging"]), now: 1)
        let effects = F.press(.function(2), into: &state)
        #expect(effects == [.listProfiles])
        return state
    }

    func list(_ state: AppState) -> ListOverlay? {
        if case .list(.profiles, let list) = state.overlay { list } else { nil }
    }

    @Test func f2ListsDemoFirstThenTheFilesWithTheActiveOneMarked() {
        let state = opened()
        let lines = F.lines(state)
        #expect(lines.contains { $0.contains("┌ Profiles ") })
        #expect(lines.contains { $0.contains("● demo") && $0.contains("active · http://127.0.0.1:41059/") })
        #expect(lines.contains { $0.contains("  prod  profiles/prod.yaml") })
        #expect(lines.contains { $0.contains("  staging  profiles/staging.yaml") })
        #expect(lines.contains { $0.contains("Enter switch · n new · e edit · c duplicate · d delete") })
        #expect(list(state)?.rows.map(\.text) == ["demo", "prod", "staging"])
        #expect(state.render(now: 1).cursor == nil)
        for line in lines { #expect(CellWidth.of(line) <= 80) }
    }

    @Test func aListingArrivingLaterRefreshesTheOpenList() {
        var state = F.state()
        F.press(.function(2), into: &state)
        #expect(list(state)?.rows.map(\.text) == ["demo"])
        _ = state.update(.profilesListed(["alpha"]), now: 1)
        #expect(list(state)?.rows.map(\.text) == ["demo", "alpha"])
    }

    @Test func theActiveProfileIsListedBeforeTheDiskListingArrives() {
        var state = AppState(width: 80, height: 24, profileName: "local", url: nil, readyRequests: [])
        _ = state.update(.profileReady(name: "local", baseURL: "http://127.0.0.1:9/"), now: 0)
        F.press(.function(2), into: &state)
        #expect(list(state)?.rows.map(\.text) == ["demo", "local"])
        #expect(F.lines(state).contains { $0.contains("● local") })
        _ = state.update(.profilesListed(["alpha", "local"]), now: 1)
        #expect(list(state)?.rows.map(\.text) == ["demo", "alpha", "local"])
    }

    @Test func enterSwitchesAndTheRequestPaneSaysSoUntilTheProfileIsReady() {
        var state = opened()
        let effects = F.press(.down, .down, .enter, into: &state)
        #expect(effects == [.switchProfile("staging")])
        #expect(state.overlay == nil)
        #expect(F.lines(state)[2].hasPrefix("│staging · starting…"))
        // Sending waits for it, and goes once it is ready.
        #expect(F.press(.control("r"), into: &state).isEmpty)
        let ready = state.update(.profileReady(name: "staging", baseURL: "http://127.0.0.1:9/api/"), now: 2)
        #expect(F.lines(state, now: 2)[2].hasPrefix("│staging · http://127.0.0.1:9/api/"))
        #expect(state.profiles.previous == nil)
        guard case .send(_, let id, _) = ready.last else {
            Issue.record("not sent")
            return
        }
        #expect(state.profiles.resolved("json/2") == "http://127.0.0.1:9/api/json/2")
        #expect(id == ExchangeID(1))
    }

    @Test func switchingCancelsTheExchangeInFlightFirst() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        _ = state.update(.profilesListed(["staging"]), now: 1)
        F.press(.function(2), into: &state)
        let effects = F.press(.down, .enter, into: &state)
        #expect(effects == [.cancel(id), .switchProfile("staging")])
    }

    @Test func aFailedSwitchKeepsTheProfileThatWasActive() {
        var state = opened()
        F.press(.down, .enter, into: &state)
        #expect(state.profiles.active == .starting(name: "prod"))
        _ = state.update(.profileSwitchFailed(name: "prod", problem: "prod.yaml:3: timeout: not a number"), now: 2)
        #expect(state.profiles.active == .ready(name: "demo", baseURL: F.base + "/"))
        let lines = F.lines(state, now: 2)
        #expect(lines[2].hasPrefix("│demo · http://127.0.0.1:41059/"))
        #expect(lines[23].contains("profile prod not opened: prod.yaml:3: timeout"))
    }

    @Test func aLateReadyOfAProfileSwitchedAwayFromIsDropped() {
        var state = opened()
        F.press(.down, .enter, into: &state)  // prod
        F.press(.function(2), .down, .down, .enter, into: &state)  // staging
        _ = state.update(.profileReady(name: "prod", baseURL: "http://prod/"), now: 2)
        #expect(state.profiles.active == .starting(name: "staging"))
        _ = state.update(.profileReady(name: "staging", baseURL: "http://staging/"), now: 2)
        #expect(state.profiles.active == .ready(name: "staging", baseURL: "http://staging/"))
    }

    @Test func enterOnTheActiveProfileSaysSo() {
        var state = opened()
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(F.lines(state).last?.contains("already on profile demo") == true)
    }

    @Test func nOpensTheFormWhichRefusesBadNamesAndURLsThenCreates() {
        var state = opened()
        F.press(.character("n"), into: &state)
        guard case .profileForm = state.overlay else {
            Issue.record("no form")
            return
        }
        #expect(F.lines(state).contains { $0.contains("┌ New profile") })
        F.type("my profile", into: &state)
        F.press(.enter, .control("u"), into: &state)
        F.type("127.0.0.1:8080", into: &state)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(F.lines(state).contains { $0.contains("✗ use letters, digits, - and _ only") })
        F.press(.tab, .control("u"), into: &state)
        F.type("staging", into: &state)
        F.press(.enter, .enter, into: &state)
        #expect(F.lines(state).contains { $0.contains("✗ a profile named staging exists already") })
        F.press(.tab, .control("u"), into: &state)
        F.type("local", into: &state)
        F.press(.tab, into: &state)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(F.lines(state).contains { $0.contains("✗ the base URL must start with http:// or https://") })
        F.press(.control("u"), into: &state)
        F.type("http://127.0.0.1:8080/api/", into: &state)
        #expect(F.press(.enter, into: &state) == [.createProfile(name: "local", baseURL: "http://127.0.0.1:8080/api/")])
        #expect(state.overlay == nil)
        // Written: the app switches to it.
        let effects = state.update(.profileCreated("local"), now: 2)
        #expect(effects == [.switchProfile("local"), .listProfiles])
        #expect(state.profiles.known == ["local", "prod", "staging"])
    }

    @Test func escClosesTheFormAndTheList() {
        var state = opened()
        F.press(.character("n"), .escape, into: &state)
        #expect(state.overlay == nil)
        F.press(.function(2), .escape, into: &state)
        #expect(state.overlay == nil)
    }

    @Test func eEditsAFileButNotDemo() {
        var state = opened()
        #expect(F.press(.character("e"), into: &state).isEmpty)
        #expect(F.lines(state).last?.contains("demo is built in") == true)
        #expect(F.press(.down, .character("e"), into: &state) == [.editProfile("prod")])
        // Edited while another one is active: only a word and a fresh listing.
        #expect(state.update(.profileEdited("prod"), now: 2) == [.listProfiles])
    }

    @Test func editingTheActiveProfileReopensIt() {
        var state = opened()
        F.press(.down, .enter, into: &state)
        _ = state.update(.profileReady(name: "prod", baseURL: "http://prod/"), now: 2)
        #expect(state.update(.profileEdited("prod"), now: 3) == [.switchProfile("prod"), .listProfiles])
        #expect(state.profiles.active == .starting(name: "prod"))
    }

    @Test func aProfileThatNoLongerParsesIsReportedWhole() {
        var state = opened()
        let problem = "/tmp/some/long/directory/home/profiles/prod.yaml:4: validators[0].default.retry.strategy: unknown strategy \"sometimes\""
        _ = state.update(.report(title: "Profile prod not reloaded", lines: [problem, "", "The file stays as you left it."]), now: 2)
        let joined = F.lines(state, now: 2).joined()
        #expect(F.lines(state, now: 2).contains { $0.contains("┌ Profile prod not reloaded") })
        #expect(joined.contains("prod.yaml:4:"))
        #expect(joined.contains("unknown strategy"))
        #expect(joined.contains("The file stays as you left it."))
        F.press(.escape, into: &state)
        #expect(state.overlay == nil)
        #expect(state.profiles.active == .ready(name: "demo", baseURL: F.base + "/"))
    }

    @Test func cDuplicatesUnderANewName() {
        var state = opened()
        F.press(.character("c"), into: &state)
        #expect(state.overlay == nil || list(state) != nil)
        F.press(.function(2), .down, .down, .character("c"), into: &state)
        #expect(F.lines(state).contains { $0.contains("┌ Duplicate staging") && !$0.isEmpty })
        #expect(F.lines(state).contains { $0.contains("New name: staging-copy") })
        F.press(.control("u"), into: &state)
        F.type("prod", into: &state)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(F.lines(state).contains { $0.contains("✗ a profile named prod exists already") })
        F.press(.control("u"), into: &state)
        F.type("qa", into: &state)
        #expect(F.press(.enter, into: &state) == [.duplicateProfile(from: "staging", to: "qa")])
        #expect(state.update(.profileDuplicated(from: "staging", to: "qa"), now: 2) == [.listProfiles])
        #expect(list(state)?.rows.map(\.text) == ["demo", "prod", "qa", "staging"])
    }

    @Test func dDeletesAfterYButNeverDemo() {
        var state = opened()
        #expect(F.press(.character("d"), into: &state).isEmpty)
        #expect(F.lines(state).last?.contains("demo is built in and cannot be deleted") == true)
        F.press(.down, .character("d"), into: &state)
        #expect(state.overlay == .confirm(.deleteProfile("prod")))
        #expect(F.lines(state).contains { $0.contains("Delete profile prod and its file?") })
        #expect(F.press(.character("n"), into: &state).isEmpty)
        #expect(state.overlay == nil)
        F.press(.function(2), .down, .delete, into: &state)
        #expect(F.press(.character("y"), into: &state) == [.deleteProfile("prod")])
        #expect(state.update(.profileDeleted("prod"), now: 2) == [.listProfiles])
        #expect(list(state)?.rows.map(\.text) == ["demo", "staging"])
    }

    @Test func deletingTheActiveProfileGoesBackToDemo() {
        var state = opened()
        F.press(.down, .enter, into: &state)
        _ = state.update(.profileReady(name: "prod", baseURL: "http://prod/"), now: 2)
        let effects = state.update(.profileDeleted("prod"), now: 3)
        #expect(effects == [.switchProfile("demo"), .listProfiles])
        #expect(state.profiles.active == .starting(name: "demo"))
        #expect(F.lines(state, now: 3)[2].hasPrefix("│demo · starting the demo API…"))
    }

    @Test func thePaletteOpensTheListAndSwitchesByName() {
        var state = F.state()
        _ = state.update(.profilesListed(["staging"]), now: 1)
        F.press(.control("p"), into: &state)
        F.type("switch staging", into: &state)
        #expect(F.press(.enter, into: &state) == [.switchProfile("staging")])
        F.press(.control("p"), into: &state)
        F.type("profiles", into: &state)
        #expect(F.press(.enter, into: &state) == [.listProfiles])
        #expect(list(state) != nil)
    }

    @Test func theHelpListsTheProfileKeys() {
        let actions = KeyBindings.sections.flatMap(\.bindings).map { "\($0.keys) \($0.action)" }
        #expect(actions.contains { $0.hasPrefix("F2 profiles") })
        #expect(KeyBindings.sections.contains { $0.title == "Profiles" })
    }

    @Test func hostileNamesShowInert() {
        var state = F.state()
        _ = state.update(.profilesListed(["ok"]), now: 1)
        _ = state.update(.report(title: "x\u{1B}]0;pwned\u{07}", lines: ["\u{1B}[2J cleared?"]), now: 1)
        let joined = F.lines(state).joined()
        #expect(!joined.contains("\u{1B}"))
        #expect(!joined.contains("\u{07}"))
    }

    @Test(arguments: [(80, 24), (50, 16), (120, 40)])
    func overlaysFitSmallWindows(size: (Int, Int)) {
        var state = F.state(width: size.0, height: size.1)
        _ = state.update(.profilesListed((1...60).map { "profile-\($0)" }), now: 1)
        F.press(.function(2), .end, into: &state)
        let lines = F.lines(state)
        #expect(lines.contains { $0.contains("profile-60") })
        #expect(lines.contains { $0.contains("61/61") })
        for line in lines { #expect(CellWidth.of(line) <= size.0) }
        F.press(.character("n"), into: &state)
        #expect(F.lines(state).contains { $0.contains("New profile") })
    }
}

@Suite struct ReportWrapTests {
    @Test func longPathsBreakWhereTheLineIsFullAndWordsAtSpaces() {
        let lines = AppState.wrapped("/a/very/long/path/to/profiles/mine.yaml:2: timeout: expected a number", width: 20)
        #expect(lines.allSatisfy { CellWidth.of($0) <= 20 })
        #expect(lines.joined() == "/a/very/long/path/to/profiles/mine.yaml:2: timeout:expected a number")
        #expect(lines.first == "/a/very/long/path/to")
        #expect(AppState.wrapped("", width: 5) == [""])
        #expect(AppState.wrapped("short text", width: 40) == ["short text"])
        #expect(AppState.wrapped("ab", width: 1) == ["a", "b"])
        #expect(AppState.wrapped("one two three", width: 8) == ["one two", "three"])
        #expect(AppState.wrapped("日本語", width: 1) == ["日", "本", "語"])
    }

    @Test func aHugeLineWrapsInLinearTime() {
        let clock = ContinuousClock()
        let start = clock.now
        let long = String(repeating: "abcdefghij", count: 20_000) + " " + String(repeating: "word ", count: 20_000)
        let lines = AppState.wrapped(long, width: 70)
        #expect(clock.now - start < TestTime.scaled(.seconds(5)))
        #expect(lines.allSatisfy { CellWidth.of($0) <= 70 })
        #expect(lines.count > 2_000)
        #expect(AppState.wrapped(long, width: 70, limit: 3).count == 3)
    }

    @Test func aReportShowsAtMost200RowsAndSaysTheRestIsLeftOut() {
        var state = AppFixture.state(width: 100, height: 30)
        state.openReport(title: "Big", lines: (1...500).map { "line \($0)" } + [String(repeating: "x ", count: 50_000)])
        guard case .list(.report, let list)? = state.overlay else {
            Issue.record("no report")
            return
        }
        #expect(list.rows.count == AppState.reportLimit)
        #expect(list.rows.last?.text.contains("longer than 200 lines") == true)
        #expect(list.rows.first?.text == "line 1")
    }
}

@Suite struct ReadyRequestsFollowTheProfileTests {
    typealias F = AppFixture

    @Test func theDemosReadyRequestsAreOfferedOnDemoOnly() {
        var state = AppState(width: 80, height: 24, profileName: "staging", url: nil, readyRequests: F.ready)
        #expect(state.request.urlText.isEmpty)
        #expect(!F.lines(state)[2].contains("Ctrl+N"))
        #expect(F.press(.control("n"), into: &state).isEmpty)
        #expect(state.request.urlText.isEmpty)
        _ = state.update(.profileReady(name: "staging", baseURL: "http://s/"), now: 1)
        F.press(.function(2), .up, .enter, into: &state)  // from the active staging up to demo
        #expect(state.profiles.active == .starting(name: "demo"))
        #expect(F.lines(state)[2].contains("Ctrl+N: ready requests (3)"))
        F.press(.control("n"), into: &state)
        #expect(state.request.urlText == "json/2")
    }
}
