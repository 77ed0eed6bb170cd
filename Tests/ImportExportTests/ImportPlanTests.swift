import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

@Suite struct ImportPlanTests {
    static var api: ImportedAPI {
        var profile = Profile(name: "")
        profile.baseURL = "https://api.test/v1/"
        profile.vars = [NamedValue("region", "eu"), NamedValue("limit", "10")]
        return ImportedAPI(format: .openapi, title: "Pet Store", profile: profile,
                           requests: [RequestSpec(name: "list", url: "pets"), RequestSpec(name: "show", url: "pets/{id}")],
                           environments: [.init(name: "Staging Env", vars: [NamedValue("region", "us")])])
    }

    @Test func aNewImportWritesTheProfileAndOneProfilePerEnvironment() throws {
        let plan = try ImportPlan.make(Self.api, name: "pets", mode: .refuseExisting) { _ in nil }
        #expect(plan.writes.map(\.profile.name) == ["pets", "pets-staging-env"])
        #expect(plan.writes[0].profile.vars == [NamedValue("region", "eu"), NamedValue("limit", "10")])
        #expect(plan.writes[1].profile.vars == [NamedValue("region", "us"), NamedValue("limit", "10")])
        #expect(plan.writes.allSatisfy { $0.requests.names == ["list", "show"] && !$0.replaces })
    }

    @Test func anExistingProfileIsRefusedUnlessMergedOrForced() throws {
        var mine = Profile(name: "pets")
        mine.vars = [NamedValue("region", "mine")]
        mine.timeout = 5
        let saved = SavedRequests([RequestSpec(name: "show", url: "old"), RequestSpec(name: "mine", url: "x")])
        let existing: ImportPlan.Existing = { $0 == "pets" ? (mine, saved) : nil }

        #expect { try ImportPlan.make(Self.api, name: "pets", mode: .refuseExisting, existing: existing) } throws: { error in
            "\(error)".contains("pets already exists") && "\(error)".contains("--merge")
        }

        let merged = try ImportPlan.make(Self.api, name: "pets", mode: .merge, existing: existing).writes[0]
        #expect(merged.replaces)
        #expect(merged.profile.timeout == 5)
        #expect(merged.profile.baseURL == "https://api.test/v1/")
        #expect(merged.profile.vars == [NamedValue("region", "mine"), NamedValue("limit", "10")])
        #expect(merged.requests.names == ["show", "mine", "list"])
        #expect(merged.requests["show"]?.url == "pets/{id}")

        let forced = try ImportPlan.make(Self.api, name: "pets", mode: .force, existing: existing).writes[0]
        #expect(forced.profile.timeout == nil)
        #expect(forced.requests.names == ["list", "show"])
    }

    @Test func profileNamesFromTitles() {
        #expect(ImportPlan.profileName(from: "Swagger Petstore - OpenAPI 3.0") == "swagger-petstore-openapi-3-0")
        #expect(ImportPlan.profileName(from: "  Ünïcode API  ") == "unicode-api")
        #expect(ImportPlan.profileName(from: "???") == nil)
    }
}
