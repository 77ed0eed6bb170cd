import Foundation
import RequestModel
import Testing
import URITemplates
@testable import ImportExport

/// Issue 16: a large real description, LXD 5.0.2's REST API (Swagger 2.0 written by go-swagger,
/// 531,869 bytes, 220 operations; see Tests/Fixtures/openapi/SOURCE.md). The facts below were
/// computed from the file with python3 and PyYAML, not from what the importer prints:
/// `d = yaml.safe_load(open(f))`; operations = the `get/put/post/delete/patch/head/options` keys
/// of every path item, in file order.
@Suite struct OpenAPILargeFixtureTests {
    static let file = "lxd-5.0.2-rest-api.yaml"
    /// `sum(1 for p in d['paths'].values() for m in p if m in METHODS)`.
    static let operations = 220
    /// `Counter(m for …)`: get 103, post 44, delete 26, put 25, patch 21, head 1.
    static let methods = ["GET": 103, "POST": 44, "DELETE": 26, "PUT": 25, "PATCH": 21, "HEAD": 1]
    /// `Counter(op['tags'][0] for …)`: every operation has a tag.
    static let groups = ["certificates": 8, "cluster": 13, "cluster-groups": 7, "images": 25, "instances": 46, "metrics": 1,
                         "network-acls": 9, "network-forwards": 7, "network-peers": 7, "network-zones": 14, "networks": 10,
                         "operations": 8, "profiles": 8, "projects": 9, "server": 7, "storage": 35, "warnings": 6]

    static func imported() throws -> ImportedAPI {
        try APIImport.read(Fixtures.url("openapi", file))
    }

    @Test func everyOperationBecomesOneRequestInTheFilesOrder() throws {
        let data = try Data(contentsOf: Fixtures.url("openapi", Self.file))
        #expect(data.count == 531_869)
        let api = try Self.imported()
        #expect(api.format == .openapi)
        #expect(api.title == "LXD external REST API")
        #expect(api.requests.count == Self.operations)
        #expect(Dictionary(grouping: api.requests, by: \.method).mapValues(\.count) == Self.methods)
        #expect(Dictionary(grouping: api.requests, by: { $0.group ?? "" }).mapValues(\.count) == Self.groups)
        // Every operation has an operationId, none repeated: the names are those, unchanged.
        #expect(Set(api.requests.compactMap(\.name)).count == Self.operations)
        #expect(api.requests.first?.name == "api_get")
        #expect(api.requests.last?.name == "server_get_untrusted")
        #expect(!api.skipped.contains { $0.reason.contains("not imported") })
        for request in api.requests {
            #expect(throws: Never.self, "\(request.summary)") { try URITemplate(request.url) }
        }
    }

    /// The whole file imports (its time is `explorer-bench import`'s, BENCHMARKS.md).
    @Test func everyOperationImports() throws {
        #expect(try Self.imported().requests.count == Self.operations)
    }

    /// No host, basePath or securityDefinitions (LXD authenticates with TLS client certificates):
    /// no base URL, said so, and no auth.
    @Test func noServerAndNoAuthAreSaid() throws {
        let api = try Self.imported()
        #expect(api.profile.baseURL == nil)
        #expect(api.profile.auth == nil)
        #expect(api.profile.headers.isEmpty)
        #expect(api.skipped.contains { $0.item == "servers" })
    }

    @Test func chosenOperationsHaveTheirMethodURLGroupAndFields() throws {
        let api = try Self.imported()
        let byName = Dictionary(uniqueKeysWithValues: api.requests.map { ($0.name ?? "", $0) })
        func shape(_ name: String) -> [String]? {
            byName[name].map { [$0.method, $0.url, $0.group ?? "-", $0.description ?? "-"] }
        }
        #expect(shape("instances_get") == ["GET", "1.0/instances{?project,filter,all%2Dprojects}", "instances", "Get the instances"])
        #expect(shape("instances_post") == ["POST", "1.0/instances{?project,target}", "instances", "Create a new instance"])
        #expect(shape("instance_exec_post") == ["POST", "1.0/instances/{name}/exec{?project}", "instances", "Run a command"])
        #expect(shape("instance_files_head") == ["HEAD", "1.0/instances/{name}/files{?path,project}", "instances", "Get metadata for a file"])
        #expect(shape("storage_pool_volume_type_put")
                == ["PUT", "1.0/storage-pools/{name}/volumes/{type}/{volume}{?project,target}", "storage", "Update the storage volume"])
        #expect(shape("metrics_get") == ["GET", "1.0/metrics{?project,target}", "metrics", "Get metrics"])
        #expect(shape("api_get") == ["GET", "", "server", "Get the supported API endpoints"])
        // Paths written with a query of their own (35 operations): the parameters continue it.
        #expect(shape("images_get_recursion1_untrusted")?.prefix(2) == ["GET", "1.0/images?public&recursion=1{&project,filter}"])
        #expect(api.requests.filter { $0.url.contains("?") && !$0.url.contains("{?") }.count == 35)

        // No parameter but the bodies is required in the file; path parameters are not declared
        // at all (`{name}` stays in the template, the parameters form asks for it).
        #expect(api.requests.allSatisfy { $0.parameters.allSatisfy { !$0.required } })
        #expect(byName["instances_get"]?.parameters.map(\.name) == ["project", "filter", "all%2Dprojects"])
        #expect(byName["instances_get"]?.parameters.allSatisfy { $0.location == .query } == true)
        #expect(try URITemplate(byName["storage_pool_volume_type_put"]?.url ?? "").variableNames == ["name", "type", "volume", "project", "target"])
        // Its header parameters (X-LXD-uid, …) are optional: no headers.
        #expect(byName["instance_files_post"]?.headers == [])
    }

    /// 88 operations take a body parameter; 86 with a schema become JSON bodies, the two raw
    /// `application/octet-stream` uploads are left empty and said so.
    @Test func bodiesComeFromTheDefinitions() throws {
        let api = try Self.imported()
        let byName = Dictionary(uniqueKeysWithValues: api.requests.map { ($0.name ?? "", $0) })
        #expect(api.requests.filter { if case .json = $0.body { true } else { false } }.count == 86)
        #expect(api.requests.filter { $0.body == .none }.count == Self.operations - 86)
        // ClusterGroupPost: one property, `name`, example group1.
        #expect(byName["cluster_group_post"]?.body == .json("{\"name\": \"group1\"}"))
        for name in ["instance_files_post", "instance_metadata_templates_post"] {
            #expect(byName[name]?.body == RequestSpec.Body.none)
            #expect(api.skipped.contains { $0.item == name && $0.reason.contains("application/octet-stream") })
        }
    }
}
