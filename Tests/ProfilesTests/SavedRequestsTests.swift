import Foundation
import RequestModel
import Testing
@testable import Profiles

@Suite struct SavedRequestsTests {
    static let every = SavedRequests([
        RequestSpec(name: "users", url: "json/2"),
        RequestSpec(name: "raw: \"odd\" # name", method: "PUT", url: "/upload?x=1#frag",
                     headers: [Profile.Header("X-Note", "a: b, \"c\" {d}"), Profile.Header("X-Note", "second"), Profile.Header("X-Empty", "")],
                     body: .text("line 1\nline 2\u{1B}[31m\t\\", contentType: nil)),
        RequestSpec(name: "echo", method: "POST", url: "echo", body: .json("{\n  \"greeting\": \"hello\"\n}")),
        RequestSpec(name: "login", method: "POST", url: "auth/login",
                     body: .form([NamedValue("user", "ann"), NamedValue("tag", "a=b"), NamedValue("tag", "")])),
        RequestSpec(name: "upload", method: "POST", url: "upload",
                     body: .multipart([.text(name: "note", value: "hi"), .text(name: "at", value: "@not a file"), .file(name: "file", path: "/tmp/a b.png"),
                                  MultipartPart(name: "csv", content: .file("d.csv"), filename: "report.csv", contentType: "text/csv"),
                                  MultipartPart(name: "typed", content: .text("{}"), contentType: "application/json")])),
        RequestSpec(name: "custom", method: "PROPFIND", url: "http://other.test/dav/"),
        RequestSpec(name: "graphql", method: "POST", url: "graphql",
                    body: .graphql(GraphQLBody(query: "query Q($id: ID!) {\n  user(id: $id) { name \"odd\" }\n}", variables: #"{"id": "{{id}}"}"#,
                                               operationName: "Q"))),
        RequestSpec(name: "graphql bare", method: "POST", url: "graphql", body: .graphql(GraphQLBody(query: "{ hello }"))),
        RequestSpec(name: "showPetById", url: "pets/{petId}{?limit,tags*}", group: "pets", description: "Info for a \"specific\" pet",
                    parameters: [.init(name: "petId", location: .path, required: true, description: "The id of the pet"),
                                 .init(name: "limit", location: .query, values: ["10", "50"]),
                                 .init(name: "tags", location: .query)]),
    ])

    @Test func everyKindOfRequestSurvivesAWriteAndARead() throws {
        let written = SavedRequestsFile.yaml(Self.every)
        #expect(try SavedRequestsFile.read(written, file: "r.yaml") == Self.every)
        #expect(try SavedRequestsFile.read(SavedRequestsFile.yaml(SavedRequests()), file: "r.yaml") == SavedRequests())
    }

    /// SPEC §13's form: the variables as a YAML mapping (or JSON text), kept as JSON text.
    @Test func aGraphQLBodyReadsWithItsVariablesAsAMapping() throws {
        let file = """
        requests:
          - name: "q"
            method: "POST"
            url: "graphql"
            body:
              graphql:
                query: "query Q($first: Int) { users(first: $first) { name } }"
                variables: { first: 2, tag: "{{tag}}" }
                operationName: "Q"
        """
        let read = try SavedRequestsFile.read(file, file: "r.yaml")
        guard case .graphql(let body) = read.requests.first?.body else { Issue.record("not a GraphQL body: \(read)"); return }
        #expect(body.query == "query Q($first: Int) { users(first: $first) { name } }")
        #expect(body.operationName == "Q")
        #expect(JSONNode.parse(body.variables ?? "") == JSONNode.parse(#"{"first": 2, "tag": "{{tag}}"}"#))
        #expect(throws: (any Error).self) {
            try SavedRequestsFile.read(file.replacingOccurrences(of: "variables: { first: 2, tag: \"{{tag}}\" }", with: "variables: [1, 2]"), file: "r.yaml")
        }
    }

    @Test func aRequestFileKeepsItsProfileAndVars() throws {
        var file = SavedRequests([RequestSpec(name: "me", url: "users/me")])
        file.profile = "demo"
        file.vars = [NamedValue("user", "ann"), NamedValue("note", "a \"b\": {c}")]
        let written = SavedRequestsFile.yaml(file)
        #expect(written.hasPrefix("profile: \"demo\"\nvars: {"))
        #expect(try SavedRequestsFile.read(written, file: "r.yaml") == file)
        #expect(try SavedRequestsFile.read("version: 1\nrequests: []\n", file: "r.yaml") == SavedRequests())
        #expect(throws: ProfileProblem.self) { try SavedRequestsFile.read("version: 2\nrequests: []\n", file: "r.yaml") }
        let unknown = #expect(throws: ProfileProblem.self) { try SavedRequestsFile.read("requests: []\nenv: {}\n", file: "r.yaml") }
        #expect(unknown?.description.contains("r.yaml:2:1") == true)
        #expect(unknown?.description.contains("version, profile, vars, requests") == true)
    }

    @Test func storedBesideTheProfilePrivatelyAndReadBack() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        #expect(try store.loadRequests(for: "api") == SavedRequests())
        try store.saveRequests(Self.every, for: "api")
        #expect(root.permissions("api.requests.yaml") == 0o600)
        #expect(try store.loadRequests(for: "api") == Self.every)
        // Saved requests are not profiles.
        #expect(store.names() == [])
    }

    @Test func saveRenameAndDelete() throws {
        let store = ProfileStore(directory: TemporaryDirectory().url)
        var requests = try store.loadRequests(for: "api")
        requests.save(RequestSpec(name: "a", url: "a"))
        requests.save(RequestSpec(name: "b", url: "b"))
        requests.save(RequestSpec(name: "a", method: "POST", url: "a2"))
        try store.saveRequests(requests, for: "api")
        requests = try store.loadRequests(for: "api")
        #expect(requests.requests == [RequestSpec(name: "a", method: "POST", url: "a2"), RequestSpec(name: "b", url: "b")])
        #expect(requests.rename("a", to: "b") == false)
        #expect(requests.rename("a", to: "c") == true)
        #expect(requests.delete("b") == true)
        #expect(requests.delete("b") == false)
        try store.saveRequests(requests, for: "api")
        #expect(try store.loadRequests(for: "api").names == ["c"])
    }

    @Test func aCorruptedFileIsReportedAndNeverOverwritten() throws {
        let root = TemporaryDirectory()
        let store = ProfileStore(directory: root.url)
        let corrupted = "requests:\n  - name: \"a\"\n    url: \"a\"\n    body: { json: \"{\" \n"
        try root.write(corrupted, to: "api.requests.yaml")
        #expect(throws: ProfileProblem.self) { try store.loadRequests(for: "api") }
        #expect {
            try store.saveRequests(SavedRequests([RequestSpec(name: "b", url: "b")]), for: "api")
        } throws: { error in
            let problem = error as? ProfileProblem
            return problem?.file == store.requestsFile(for: "api").path && problem?.message.contains("not overwritten") == true
        }
        #expect(try String(contentsOf: store.requestsFile(for: "api"), encoding: .utf8) == corrupted)
    }

    @Test(arguments: [
        ("requests:\n  - url: a\n", 2, "requests[0]", "name is missing"),
        ("requests:\n  - name: a\n", 2, "requests[0]", "url is missing"),
        ("requests:\n  - name: a\n    url: a\n    verb: GET\n", 4, "requests[0].verb", "unknown key"),
        ("requests:\n  - name: a\n    url: a\n    method: \"GE T\"\n", 4, "requests[0].method", "not a method"),
        ("requests:\n  - name: a\n    url: a\n    headers: [\"no colon\"]\n", 4, "requests[0].headers[0]", "Name: value"),
        ("requests:\n  - name: a\n    url: a\n    body: { form: [\"=v\"] }\n", 4, "requests[0].body.form[0]", "name=value"),
        ("requests:\n  - name: a\n    url: a\n    body: { raw: x, json: y }\n", 4, "requests[0].body", "exactly one"),
        ("requests:\n  - name: a\n    url: a\n  - name: a\n    url: b\n", 4, "requests[1]", "a second request named \"a\""),
        ("saved: []\n", 1, "saved", "unknown key"),
        ("requests:\n  - name: a\n    url: a\n    parameters: [{ name: x, in: header }]\n", 4, "requests[0].parameters[0].in", "path or query"),
    ] as [(String, Int, String, String)])
    func problemsNameFileLineAndKey(text: String, line: Int, key: String, message: String) {
        #expect {
            try SavedRequestsFile.read(text, file: "r.yaml")
        } throws: { error in
            guard let problem = error as? ProfileProblem else { return false }
            return problem.file == "r.yaml" && problem.line == line && problem.key == key && problem.message.contains(message)
        }
    }
}
