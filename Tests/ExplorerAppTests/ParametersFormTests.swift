import RequestModel
import Testing
import TUICore
@testable import ExplorerApp

/// A request from an API description opens with its URL template's parameters to fill.
@Suite struct ParametersFormTests {
    typealias F = AppFixture

    static let entry = SavedRequestsState.Entry(
        name: "showPetById", draft: RequestDraft(method: "GET", url: "pets/{petId}{?limit,tags*}"), group: "pets",
        parameters: [.init(name: "petId", location: .path, required: true, description: "The id of the pet to retrieve"),
                     .init(name: "limit", location: .query, values: ["10", "50"])])

    @Test func openingARequestFromATemplateAsksForItsParameters() {
        var state = F.state(width: 100, height: 30)
        _ = state.update(.savedRequestsListed(profile: "demo", [Self.entry]), now: 1)
        F.press(.control("f"), .enter, into: &state)
        var lines = F.lines(state)
        #expect(lines.contains { $0.contains("Parameters of pets/{petId}{?limit,tags*}") })
        #expect(lines.contains { $0.contains("petId*") })
        #expect(lines.contains { $0.contains("path parameter: The id of the pet to retrieve") })
        // A required one left empty is refused and focused.
        F.press(.enter, into: &state)
        #expect(F.lines(state).contains { $0.contains("✗ petId is required") })
        F.type("42", into: &state)
        F.press(.tab, into: &state)
        lines = F.lines(state)
        #expect(lines.contains { $0.contains("query parameter · one of: 10, 50") })
        F.type("10", into: &state)
        #expect(F.lines(state).contains { $0.contains("→ pets/42?limit=10") })
        F.press(.enter, into: &state)
        #expect(state.overlay == nil)
        #expect(state.request.urlText == "pets/42?limit=10")
    }

    @Test func escKeepsTheTemplateAndAPlainURLOpensNoForm() {
        var state = F.state(width: 100, height: 30)
        _ = state.update(.savedRequestsListed(profile: "demo", [
            Self.entry, SavedRequestsState.Entry(name: "plain", draft: RequestDraft(method: "GET", url: "users/{{id}}")),
        ]), now: 1)
        F.press(.control("f"), .enter, .escape, into: &state)
        #expect(state.overlay == nil && state.request.urlText == "pets/{petId}{?limit,tags*}")
        F.press(.control("f"), .down, .enter, into: &state)
        #expect(state.overlay == nil && state.request.urlText == "users/{{id}}")
    }

    @Test func aTemplateWithoutADescriptionStillAsksForEachVariable() throws {
        let form = try #require(ParametersForm(template: "repos/{owner}/{repo}{?page,per_page}", parameters: []))
        #expect(form.parameters.map(\.name) == ["owner", "repo", "page", "per_page"])
        #expect(form.parameters.map(\.required) == [true, true, false, false])
        #expect(form.parameters.map(\.location) == [.path, .path, .query, .query])
        #expect(ParametersForm(template: "plain/path", parameters: []) == nil)
    }
}
