import RequestModel
import Testing
import TUICore
@testable import ExplorerApp

@Suite struct RequestDraftTests {
    @Test func gathersTheThreePanes() {
        var request = RequestPane(method: "GET", url: "/items")
        _ = request.handle(.down)
        let headers = HeadersPane(rows: [HeadersPane.Row("Accept", "application/json"), HeadersPane.Row("X-Off", "1", enabled: false),
                                         HeadersPane.Row("", "")])
        let body = BodyPane(kind: .json, text: "{\"a\": 1}")
        let draft = RequestDraft.make(request: request, headers: headers, body: body)
        #expect(draft == RequestDraft(method: "POST", url: "/items", headers: [RequestDraft.Header("Accept", "application/json")],
                                      body: .json("{\"a\": 1}")))
        #expect(draft.canSend)
    }

    /// The panes edit method, URL, headers and body; saving over a request keeps SPEC §8's keys.
    @Test func savingOverARequestKeepsWhatThePanesDoNotShow() throws {
        let saved = RequestSpec(name: "job", url: "jobs/1", vars: [NamedValue("id", "1")],
                                captures: [.init("state", .json(try JSONPath("$.state")))], asserts: [.init(.status, .equals(.number("200")))],
                                poll: .init(until: [.init(.json(try JSONPath("$.state")), .equals(.string("done")))], every: 1, max: 5))
        var draft = RequestDraft(saved)
        #expect(draft == RequestDraft(method: "GET", url: "jobs/1"))
        draft.method = "POST"
        draft.body = .json("{}")
        let again = draft.request(named: "job", over: saved)
        #expect(again.method == "POST" && again.body == .json("{}") && again.url == "jobs/1")
        #expect(again.vars == saved.vars && again.captures == saved.captures && again.asserts == saved.asserts && again.poll == saved.poll)
        #expect(draft.request(named: "new") == RequestSpec(name: "new", method: "POST", url: "jobs/1", body: .json("{}")))
    }

    @Test func problemsComeTopPaneFirst() {
        let request = RequestPane(url: "")
        let headers = HeadersPane(rows: [HeadersPane.Row("X-Bad", "a\nb")])
        let body = BodyPane(kind: .json, text: "{")
        let draft = RequestDraft.make(request: request, headers: headers, body: body)
        #expect(!draft.canSend)
        #expect(draft.problems == ["URL is empty", "Header 1 value: LF at 2", "JSON body 1:2: unexpected end of input: expected a key or '}'"])
        #expect(draft.headers.isEmpty, "an invalid header is never sent")
    }

    @Test func readyRequestLoadsAcrossPanes() {
        let ready = RequestSpec(name: "login", method: "POST", url: "/login",
                                headers: [RequestDraft.Header("X-Demo", "1")], body: .form([RequestDraft.Field("user", "ada")]))
        var request = RequestPane(readyRequests: [ready])
        var headers = HeadersPane()
        var body = BodyPane()
        guard case .loadReady(let index) = request.handle(.control("n")) else {
            Issue.record("Ctrl+N did not load")
            return
        }
        headers.load(request.readyRequests[index].headers)
        body.load(request.readyRequests[index].body)
        let draft = RequestDraft.make(request: request, headers: headers, body: body)
        #expect(draft == RequestDraft(method: "POST", url: "/login", headers: [RequestDraft.Header("X-Demo", "1")],
                                      body: .form([RequestDraft.Field("user", "ada")])))
    }
}
