import ClientCore
import Profiles
import Testing
import TUICore
@testable import ExplorerApp

/// Saved requests: Ctrl+S saves under a name (asking before replacing), Ctrl+F finds them;
/// Enter opens, F2 renames, Ctrl+D deletes after y.
@Suite struct SavedRequestsOverlayTests {
    typealias F = AppFixture

    static let entries = [
        SavedRequestsState.Entry(name: "list users", draft: RequestDraft(method: "GET", url: "json/2")),
        SavedRequestsState.Entry(name: "greet", draft: RequestDraft(method: "POST", url: "echo", headers: [RequestDraft.Header("X-Note", "hi")],
                                                                      body: .json("{\"a\": 1}"))),
    ]

    func listed() -> AppState {
        var state = F.state()
        _ = state.update(.savedRequestsListed(profile: "demo", Self.entries), now: 1)
        return state
    }

    @Test func theProfileReadyListsItsSavedRequests() {
        var state = F.state(profileReady: false)
        #expect(state.update(.profileReady(name: "demo", baseURL: "http://h/"), now: 1) == [.listSavedRequests("demo")])
    }

    @Test func ctrlSAsksANameAndSaves() {
        var state = listed()
        F.press(.control("s"), into: &state)
        #expect(F.lines(state).contains { $0.contains("┌ Save the request (demo)") })
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(F.lines(state).contains { $0.contains("✗ the name is empty") })
        F.type("users page 2", into: &state)
        let effects = F.press(.enter, into: &state)
        #expect(effects == [.saveRequest(profile: "demo", name: "users page 2", draft: state.draft)])
        #expect(state.overlay == nil)
        #expect(state.savedRequests.current == "users page 2")
        #expect(!state.hasUnsavedWork)
    }

    @Test func anExistingNameAsksBeforeReplacing() {
        var state = listed()
        F.press(.control("s"), into: &state)
        F.type("greet", into: &state)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(state.overlay == .confirm(.overwriteRequest("greet")))
        #expect(F.lines(state).contains { $0.contains("Replace the saved request greet?") })
        #expect(F.press(.character("n"), into: &state).isEmpty)
        #expect(state.overlay == nil)
        F.press(.control("s"), .control("u"), into: &state)
        F.type("greet", into: &state)
        F.press(.enter, into: &state)
        #expect(F.press(.character("y"), into: &state) == [.saveRequest(profile: "demo", name: "greet", draft: state.draft)])
    }

    @Test func ctrlFListsAndEnterOpens() {
        var state = listed()
        #expect(F.press(.control("f"), into: &state) == [.listSavedRequests("demo")])
        let lines = F.lines(state)
        #expect(lines.contains { $0.contains("┌ Saved requests of demo") })
        #expect(lines.contains { $0.contains("list users  GET json/2") })
        #expect(lines.contains { $0.contains("greet  POST echo") })
        F.press(.down, .enter, into: &state)
        #expect(state.overlay == nil)
        #expect(state.request.method == "POST" && state.request.urlText == "echo")
        #expect(state.headers.rows.map(\.name) == ["X-Note"])
        #expect(state.body.text == "{\"a\": 1}")
        #expect(!state.hasUnsavedWork)
        // The list marks the one the panes hold; Ctrl+S offers its name.
        F.press(.control("f"), into: &state)
        #expect(F.lines(state).contains { $0.contains("● greet") })
        F.press(.escape, .control("s"), into: &state)
        #expect(F.lines(state).contains { $0.contains("Name: greet") })
    }

    @Test func f2RenamesRefusingATakenName() {
        var state = listed()
        F.press(.control("f"), .function(2), into: &state)
        #expect(F.lines(state).contains { $0.contains("┌ Rename list users") })
        F.press(.control("u"), into: &state)
        F.type("greet", into: &state)
        #expect(F.press(.enter, into: &state).isEmpty)
        #expect(F.lines(state).contains { $0.contains("✗ a saved request named greet exists already") })
        F.press(.control("u"), into: &state)
        F.type("users", into: &state)
        #expect(F.press(.enter, into: &state) == [.renameRequest(profile: "demo", from: "list users", to: "users")])
        F.press(.down, .function(2), into: &state)
        #expect(F.lines(state).contains { $0.contains("┌ Rename greet") })
    }

    @Test func ctrlDDeletesAfterY() {
        var state = listed()
        F.press(.control("f"), .down, .control("d"), into: &state)
        #expect(F.lines(state).contains { $0.contains("Delete the saved request greet?") })
        #expect(F.press(.character("y"), into: &state) == [.deleteRequest(profile: "demo", name: "greet")])
        F.press(.escape, .control("f"), .control("d"), into: &state)
        #expect(F.press(.escape, into: &state).isEmpty)
        #expect(state.overlay == nil)
    }

    @Test func typingFiltersFuzzilyBestFirstAndEnterOpensTheMatch() {
        var state = F.state()
        _ = state.update(.savedRequestsListed(profile: "demo", [
            SavedRequestsState.Entry(name: "listPets", draft: RequestDraft(method: "GET", url: "pets"), group: "pets", description: "List all pets"),
            SavedRequestsState.Entry(name: "createUser", draft: RequestDraft(method: "POST", url: "users"), group: "users"),
            SavedRequestsState.Entry(name: "showPetById", draft: RequestDraft(method: "GET", url: "pets/{petId}"), group: "pets"),
        ]), now: 1)
        F.press(.control("f"), into: &state)
        // Without a filter: grouped by tag, the groups in the order they first appear.
        var lines = F.lines(state)
        let order = ["listPets", "showPetById", "createUser"].map { name in lines.firstIndex { $0.contains(name) } ?? -1 }
        #expect(order == order.sorted() && !order.contains(-1))
        #expect(lines.contains { $0.contains("Saved requests of demo (3)") })
        #expect(lines.contains { $0.contains("List all pets") })
        F.type("spbi", into: &state)
        lines = F.lines(state)
        #expect(lines.contains { $0.contains("› spbi") })
        #expect(lines.contains { $0.contains("Saved requests of demo (1 of 3)") })
        #expect(!lines.contains { $0.contains("createUser") })
        F.press(.enter, into: &state)
        #expect(state.request.urlText == "pets/{petId}")
        // Its template's parameters are asked for; Esc keeps the template.
        #expect(F.lines(state).contains { $0.contains("Parameters of pets/{petId}") })
        F.press(.escape, into: &state)
        // A query nothing matches says so; Backspace widens it again.
        F.press(.control("f"), into: &state)
        F.type("zzz", into: &state)
        #expect(F.lines(state).contains { $0.contains("no request matches zzz") })
        F.press(.backspace, .backspace, .backspace, into: &state)
        #expect(F.lines(state).contains { $0.contains("(3)") })
    }

    @Test func anEmptyCollectionSaysHowToStart() {
        var state = F.state()
        F.press(.control("f"), into: &state)
        #expect(F.lines(state).contains { $0.contains("none yet: Ctrl+S saves the request under a name") })
        #expect(F.press(.control("d"), into: &state).isEmpty)
    }

    @Test func anotherProfilesListingIsDroppedAndSwitchingClearsTheList() {
        var state = listed()
        _ = state.update(.savedRequestsListed(profile: "staging", []), now: 1)
        #expect(state.savedRequests.entries.count == 2)
        _ = state.update(.profilesListed(["staging"]), now: 1)
        F.press(.function(2), .down, .enter, into: &state)
        #expect(state.savedRequests.entries.isEmpty)
    }

    @Test func hostileNamesShowInert() {
        var state = F.state()
        _ = state.update(.savedRequestsListed(profile: "demo", [
            SavedRequestsState.Entry(name: "evil\u{1B}]2;owned\u{07}", draft: RequestDraft(method: "GET", url: "\u{1B}[2Jx")),
        ]), now: 1)
        F.press(.control("f"), into: &state)
        let joined = F.lines(state).joined()
        #expect(!joined.contains("\u{1B}") && !joined.contains("\u{07}"))
        #expect(joined.contains("evil"))
    }

    @Test func aDraftSurvivesTheSavedRequestShape() {
        let drafts = [
            RequestDraft(method: "PATCH", url: "users/2", headers: [RequestDraft.Header("X-A", "1")], body: .json("{\"a\": 1}")),
            RequestDraft(method: "POST", url: "form", body: .form([RequestDraft.Field("k", "v"), RequestDraft.Field("k", "w")])),
            RequestDraft(method: "POST", url: "up", body: .multipart([.text(name: "t", value: "x"), .file(name: "f", path: "/tmp/a b")])),
            RequestDraft(method: "PUT", url: "raw", body: .text("plain", contentType: nil)),
        ]
        for draft in drafts { #expect(RequestDraft(draft.request(named: "x")) == draft) }
    }

    @Test func aBatchAppliesEachEventInOrder() {
        var state = F.state()
        _ = state.update(.batch([.savedRequestsListed(profile: "demo", Self.entries), .notice("saved as greet")]), now: 1)
        #expect(state.savedRequests.entries == Self.entries)
        #expect(F.lines(state).last?.contains("saved as greet") == true)
    }
}
