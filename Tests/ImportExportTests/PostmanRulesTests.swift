import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// The rules of SPEC §9's Postman and Insomnia rows, each on the smallest collection that shows it.
@Suite struct PostmanRulesTests {
    static func postman(_ text: String) throws -> ImportedAPI {
        try PostmanImport.read(Data(text.utf8), file: URL(fileURLWithPath: "/tmp/c.json"))
    }

    static func insomnia(_ text: String) throws -> ImportedAPI {
        try InsomniaImport.read(Data(text.utf8), file: URL(fileURLWithPath: "/tmp/i.json"))
    }

    @Test func authIsInheritedThroughFoldersAndNoauthStopsIt() throws {
        let api = try Self.postman("""
        {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{token}}"}]},
         "item": [
           {"name": "plain", "request": {"method": "GET", "url": "https://h/a"}},
           {"name": "keyed", "auth": {"type": "apikey", "apikey": [{"key": "key", "value": "X-Key"}, {"key": "value", "value": "{{key}}"}]},
            "item": [
              {"name": "inherits", "request": {"method": "GET", "url": "https://h/b"}},
              {"name": "open", "request": {"method": "GET", "url": "https://h/c", "auth": {"type": "noauth"}}},
              {"name": "literal", "request": {"method": "GET", "url": "https://h/d", "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "abc123"}]}}},
              {"name": "query", "request": {"method": "GET", "url": "https://h/e", "auth": {"type": "apikey", "apikey": [{"key": "key", "value": "k"}, {"key": "value", "value": "{{k}}"}, {"key": "in", "value": "query"}]}}},
              {"name": "digest", "request": {"method": "GET", "url": "https://h/f", "auth": {"type": "digest", "digest": []}}}
            ]}
         ]}
        """)
        #expect(api.profile.auth == .bearer("{{token}}"))
        #expect(api.requests.map(\.headers) == [
            [], [NamedValue("X-Key", "{{key}}")], [], [NamedValue("Authorization", "Bearer ${env:TOKEN}")], [], [],
        ])
        #expect(api.requests[4].url == "https://h/e?k={{k}}")
        #expect(api.skipped.contains { $0.item == "keyed/literal bearer token" && $0.reason.contains("${env:TOKEN}") })
        #expect(api.skipped.contains { $0.item == "keyed/digest auth \"digest\"" })
    }

    @Test func theStructuredURLWinsAndDisabledItemsAreLeftOut() throws {
        let api = try Self.postman("""
        {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "variable": [{"key": "host", "value": "api.test"}, {"key": "off", "value": "x", "disabled": true}, {"key": "n", "value": 3}],
         "item": [
           {"name": "r", "request": {"method": "get", "description": {"content": "Lists things"},
             "header": [{"key": "Accept", "value": "application/json"}, {"key": "X-Off", "value": "1", "disabled": true}],
             "url": {"raw": "https://old.test/old?x=1", "protocol": "https", "host": ["{{host}}"], "port": "8443",
                     "path": ["v1", "users", ":id"], "query": [{"key": "y", "value": "2"}, {"key": "z", "value": "3", "disabled": true}],
                     "variable": [{"key": "id", "value": "42"}]}}},
           {"name": "bare", "request": {"method": "GET", "url": "httpbin.org/get"}},
           {"name": "rawOnly", "request": {"method": "GET", "url": {"raw": "{{baseUrl}}/items?page=2"}}}
         ]}
        """)
        #expect(api.profile.vars == [NamedValue("host", "api.test"), NamedValue("n", "3")])
        let request = api.requests[0]
        #expect(request.method == "GET")
        #expect(request.url == "https://{{host}}:8443/v1/users/{{id}}?y=2")
        #expect(request.vars == [NamedValue("id", "42")])
        #expect(request.headers == [NamedValue("Accept", "application/json")])
        #expect(request.description == "Lists things")
        #expect(api.requests[1].url == "http://httpbin.org/get")
        #expect(api.requests[2].url == "{{baseUrl}}/items?page=2")
    }

    @Test func bodiesOfEveryMode() throws {
        let api = try Self.postman("""
        {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [
           {"name": "gql", "request": {"method": "POST", "url": "https://h/graphql",
             "body": {"mode": "graphql", "graphql": {"query": "{ me { id } }", "variables": "{\\"a\\": 1}"}}}},
           {"name": "form", "request": {"method": "POST", "url": "https://h/f",
             "body": {"mode": "urlencoded", "urlencoded": [{"key": "a", "value": "1"}, {"key": "b", "value": "2", "disabled": true}]}}},
           {"name": "multi", "request": {"method": "POST", "url": "https://h/m", "header": [{"key": "Content-Type", "value": "multipart/form-data"}],
             "body": {"mode": "formdata", "formdata": [{"key": "t", "value": "v", "type": "text"}, {"key": "f", "src": "/tmp/a.png", "type": "file"},
                                                       {"key": "none", "src": null, "type": "file"}]}}},
           {"name": "bytes", "request": {"method": "POST", "url": "https://h/b", "body": {"mode": "file", "file": {"src": "/tmp/x.bin"}}}},
           {"name": "xml", "request": {"method": "POST", "url": "https://h/x", "header": [{"key": "Content-Type", "value": "application/xml"}],
             "body": {"mode": "raw", "raw": "<a/>", "options": {"raw": {"language": "xml"}}}}}
         ]}
        """)
        // SPEC §13: a GraphQL body of its own kind, the variables as the text they are.
        #expect(api.requests[0].body == .graphql(GraphQLBody(query: "{ me { id } }", variables: #"{"a": 1}"#)))
        #expect(api.requests[1].body == .form([NamedValue("a", "1")]))
        #expect(api.requests[2].body == .multipart([.text(name: "t", value: "v"), .file(name: "f", path: "/tmp/a.png")]))
        #expect(api.requests[2].headers.isEmpty)
        #expect(api.requests[3].body == .none)
        #expect(api.requests[4].body == .text("<a/>", contentType: "application/xml"))
        #expect(api.skipped.map(\.item) == ["multi form file \"none\"", "bytes body"])
    }

    @Test func folderAndItemVariablesAreTheRequestsVarsAndDynamicOnesAreListed() throws {
        let api = try Self.postman("""
        {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.0.0/collection.json"},
         "item": [
           {"name": "F", "variable": [{"key": "a", "value": "folder"}, {"key": "b", "value": "folder"}],
            "item": [
              {"name": "r", "variable": [{"key": "b", "value": "item"}],
               "request": {"method": "POST", "url": "https://h/x", "header": [{"key": "X-Id", "value": "{{$guid}}"}],
                           "body": {"mode": "raw", "raw": "{\\"t\\": {{$timestamp}}, \\"u\\": \\"{{$guid}}\\"}"}}}
            ]},
           {"name": "short", "request": "https://h/only-a-url"}
         ]}
        """)
        #expect(api.requests[0].vars == [NamedValue("a", "folder"), NamedValue("b", "item")])
        #expect(api.skipped.map(\.item) == ["F/r variable {{$guid}}", "F/r variable {{$timestamp}}"])
        #expect(api.requests[1].method == "GET" && api.requests[1].url == "https://h/only-a-url")
    }

    @Test func aJSONSyntaxErrorNamesLineAndColumn() {
        #expect { try Self.postman("{\n  \"info\": {\"name\": \"c\"},\n  \"item\": [,]\n}") } throws: { error in
            let problem = error as? FileProblem
            return problem?.line == 3 && problem?.column == 12 && problem?.file == "/tmp/c.json"
        }
        #expect { try Self.insomnia("{\"_type\": \"export\", \"resources\": [") } throws: { error in (error as? FileProblem)?.line == 1 }
        #expect { try Self.postman("[1, 2]") } throws: { error in (error as? FileProblem)?.message.contains("not a Postman collection") == true }
    }

    /// SPEC §13: Insomnia keeps a GraphQL request as its JSON body under `application/graphql`.
    @Test func insomniaGraphQLBodiesImportAsGraphQL() throws {
        let api = try Self.insomnia("""
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "parentId": null, "name": "API"},
          {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "Me", "method": "POST", "url": "https://h/graphql",
           "body": {"mimeType": "application/graphql",
                    "text": "{\\"query\\": \\"query Me($id: ID) { user(id: $id) { name } }\\", \\"variables\\": {\\"id\\": \\"1\\"}, \\"operationName\\": \\"Me\\"}"}},
          {"_id": "req_2", "_type": "request", "parentId": "wrk_1", "name": "Bare", "method": "POST", "url": "https://h/graphql",
           "body": {"mimeType": "application/graphql", "text": "{\\"query\\": \\"{ hello }\\", \\"variables\\": null}"}}
        ]}
        """)
        guard case .graphql(let me) = api.requests[0].body, case .graphql(let bare) = api.requests[1].body else {
            Issue.record("not GraphQL bodies: \(api.requests.map(\.body))")
            return
        }
        #expect(me.query == "query Me($id: ID) { user(id: $id) { name } }" && me.operationName == "Me")
        #expect(JSONNode.parse(me.variables ?? "") == JSONNode.parse(#"{"id": "1"}"#))
        #expect(bare == GraphQLBody(query: "{ hello }"))
    }

    @Test func insomniaVariablesEnvironmentsAndGroupAuth() throws {
        let api = try Self.insomnia("""
        {"_type": "export", "__export_format": 4, "resources": [
          {"_id": "wrk_1", "_type": "workspace", "parentId": null, "name": "Shop"},
          {"_id": "env_base", "_type": "environment", "parentId": "wrk_1", "name": "Base", "data": {"host": "https://shop.test", "retries": 3, "nested": {"a": 1}}},
          {"_id": "env_prod", "_type": "environment", "parentId": "env_base", "name": "Production", "data": {"host": "https://shop.example.com"}},
          {"_id": "fld_1", "_type": "request_group", "parentId": "wrk_1", "name": "Orders", "metaSortKey": 2,
           "authentication": {"type": "apikey", "key": "api_key", "value": "{{ _.key }}", "addTo": "queryParams"}},
          {"_id": "req_2", "_type": "request", "parentId": "fld_1", "name": "List", "method": "GET", "url": "{{ _.host }}/orders",
           "parameters": [{"name": "page", "value": "{{ _.page }}"}, {"name": "off", "value": "1", "disabled": true}],
           "headers": [{"name": "Accept", "value": "application/json"}, {"name": "X-Off", "value": "1", "disabled": true}], "authentication": {}},
          {"_id": "req_3", "_type": "request", "parentId": "fld_1", "name": "Open", "method": "GET", "url": "localhost:3000/open", "authentication": {"type": "none"}},
          {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "Login", "method": "POST", "url": "{{ _.host }}/login", "metaSortKey": 1,
           "body": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "user", "value": "{{ _.user }}"}]},
           "authentication": {"type": "basic", "username": "u", "password": "p"}},
          {"_id": "req_4", "_type": "request", "parentId": "wrk_1", "name": "Note", "method": "PUT", "url": "{{host}}/note", "metaSortKey": 3,
           "body": {"mimeType": "text/plain", "text": "hello {{ _.user }}"}}
        ]}
        """)
        #expect(api.title == "Shop")
        #expect(api.profile.vars == [NamedValue("host", "https://shop.test"), NamedValue("retries", "3"), NamedValue("nested", #"{"a":1}"#)])
        #expect(api.environments == [.init(name: "Production", vars: [NamedValue("host", "https://shop.example.com")])])
        #expect(api.requests.map { $0.name ?? "" } == ["Login", "Orders/List", "Orders/Open", "Note"])
        #expect(api.requests[0].body == .form([NamedValue("user", "{{user}}")]))
        #expect(api.requests[0].headers.isEmpty)
        #expect(api.skipped.contains { $0.item == "Login auth \"basic\"" })
        #expect(api.requests[1].url == "{{host}}/orders?page={{page}}&api_key={{key}}")
        #expect(api.requests[1].headers == [NamedValue("Accept", "application/json")])
        #expect(api.requests[2].url == "http://localhost:3000/open")
        #expect(api.requests[3].body == .text("hello {{user}}", contentType: "text/plain"))
    }

    @Test func theExportsShape() throws {
        var profile = Profile(name: "pets")
        profile.baseURL = "http://127.0.0.1:8080/api/"
        profile.auth = .header(name: "X-Api-Key", value: "${env:PETS_KEY}")
        profile.vars = [NamedValue("secret", "${env:SECRET}")]
        let requests = [
            RequestSpec(name: "a/b/list", url: "pets{?limit}", group: "a/b", parameters: [.init(name: "limit", location: .query)]),
            RequestSpec(name: "show", url: "pets/{petId}", group: "a", parameters: [.init(name: "petId", location: .path, required: true)]),
            RequestSpec(name: "root", method: "POST", url: "https://other.test:9000/x", headers: [NamedValue("Authorization", "Bearer abc")],
                        body: .binary(Data([0xff]), contentType: nil)),
        ]
        let text = try #require(PostmanExport.files(profile: profile, requests: requests).first?.text)
        let root = try JSONNode.parsing(text)
        #expect(root["info"]?["schema"] == .string(PostmanExport.schemaURL))
        #expect(root["auth"] == nil)
        #expect(root["variable"] == [["key": "baseUrl", "value": "http://127.0.0.1:8080/api"], ["key": "secret", "value": "{{SECRET}}"],
                                     ["key": "petId", "value": ""]])
        let folder = PostmanJSON.array(root["item"])[0]
        #expect(folder["name"] == "a")
        let sub = PostmanJSON.array(folder["item"])[0]
        #expect(sub["name"] == "b")
        let list = PostmanJSON.array(sub["item"])[0]
        #expect(list["name"] == "list")
        #expect(list["request"]?["url"] == ["raw": "{{baseUrl}}/pets?limit={{limit}}", "host": ["{{baseUrl}}"], "path": ["pets"],
                                           "query": [["key": "limit", "value": "{{limit}}", "disabled": true]]])
        #expect(list["request"]?["header"] == [["key": "X-Api-Key", "value": "{{PETS_KEY}}"]])
        #expect(PostmanJSON.array(folder["item"])[1]["name"] == "show")
        let other = PostmanJSON.array(root["item"])[1]["request"]
        #expect(other?["url"] == ["raw": "https://other.test:9000/x", "protocol": "https", "host": ["other", "test"], "port": "9000", "path": ["x"]])
        #expect(other?["header"] == [["key": "X-Api-Key", "value": "{{PETS_KEY}}"], ["key": "Authorization", "value": "{{authorization}}"]])
        #expect(other?["body"] == nil)
    }

    @Test func theExportWritesAProfilesKeyHeaderAsAPlaceholderAndARequestHeaderReplacesACommonOne() throws {
        var profile = Profile(name: "demo")
        profile.headers = [NamedValue("Accept", "application/json"), NamedValue("X-Demo-Key", "demo-key-123")]
        profile.keyHeaders = ["X-Demo-Key"]
        profile.auth = .header(name: "X-Api-Key", value: "${env:KEY}")
        let requests = [RequestSpec(name: "text", url: "t", headers: [NamedValue("Accept", "text/plain"), NamedValue("X-Api-Key", "{{other}}")])]
        let text = try #require(PostmanExport.files(profile: profile, requests: requests).first?.text)
        #expect(!text.contains("demo-key-123"))
        let request = PostmanJSON.array(try JSONNode.parsing(text)["item"])[0]["request"]
        #expect(request?["header"] == [["key": "X-Demo-Key", "value": "{{x_demo_key}}"], ["key": "Accept", "value": "text/plain"],
                                       ["key": "X-Api-Key", "value": "{{other}}"]])
    }
}
