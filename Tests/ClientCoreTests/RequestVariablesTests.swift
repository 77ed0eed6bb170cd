import Foundation
import RequestModel
import Testing
@testable import ClientCore

/// `{{name}}` from the client's variables (a profile's `vars:`), filled as the request is sent.
@Suite struct RequestVariablesTests {
    @Test func theRouteAndTextBodyAreFilledAndTheRestStays() throws {
        var request = HTTPRequest(.post, "items/{{region}}?team={{team}}")
        request.body = .json(Data(#"{"a": "{{team}}", "b": {"c": 1}, "d": "{{unknown}}"}"#.utf8))
        let filled = VariableFilling(["region": TemplateValue("eu"), "team": TemplateValue("core")]).filled(request)
        #expect(filled.route == "items/eu?team=core")
        guard case .json(let data) = filled.body else { Issue.record("the body kind changed"); return }
        #expect(String(decoding: data, as: UTF8.self) == #"{"a": "core", "b": {"c": 1}, "d": "{{unknown}}"}"#)
    }

    @Test func aClientFillsItsVariablesInTheURLAndEveryHeader() throws {
        let client = try HTTPClient(baseURL: "http://127.0.0.1:9/api/")
        client.variables = ["id": TemplateValue("42"), "region": TemplateValue("eu")]
        client.headers = ["X-Region": "{{ region }}", "X-Other": "{{unknown}} {not a template}"]
        var request = HTTPRequest(.get, "users/{{id}}")
        request.headers.add(name: "X-Id", value: "id-{{id}}")
        let prepared = try client.prepare(request)
        #expect(prepared.url.absoluteString == "http://127.0.0.1:9/api/users/42")
        #expect(prepared.headers["X-Region"] == "eu" && prepared.headers["X-Id"] == "id-42")
        #expect(prepared.headers["X-Other"] == "{{unknown}} {not a template}")
    }

    @Test func aValueWithALineBreakCannotEnterAHeader() throws {
        let client = try HTTPClient(baseURL: "http://127.0.0.1:9/api/")
        client.variables = ["evil": TemplateValue("x\r\nInjected: yes")]
        client.headers = ["X-Evil": "{{evil}}"]
        #expect(throws: HTTPError.self) { try client.prepare(HTTPRequest(.get, "a")) }
    }
}
