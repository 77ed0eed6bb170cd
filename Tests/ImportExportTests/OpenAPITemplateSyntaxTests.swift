import Foundation
import Testing
import URITemplates
@testable import ImportExport

/// Every URL an import writes is an RFC 6570 template the client can expand.
@Suite struct OpenAPITemplateSyntaxTests {
    @Test func everyFixturesURLsAreTemplates() throws {
        for file in Fixtures.files("openapi", endingWith: [".yaml"]) {
            for request in try APIImport.read(file).requests {
                #expect(throws: Never.self, "\(file.lastPathComponent) \(request.summary)") { try URITemplate(request.url) }
            }
        }
    }

    /// LXD writes paths with a query (`/1.0/images?public`); the parameters continue it with `&`.
    @Test func aPathWithAQueryIsContinuedWithAnAmpersand() throws {
        let api = try OpenAPITestFiles.imported("""
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths:
              /images?public:
                get:
                  operationId: listPublic
                  parameters: [{name: project, in: query, schema: {type: string}}]
                  responses: {'200': {description: ok}}
            """)
        #expect(api.requests.map(\.url) == ["images?public{&project}"])
        #expect(try URITemplate(api.requests[0].url).expand(["project": "default"]) == "images?public&project=default")
    }

    @Test func operatorsAndEncodedNamesExpand() throws {
        let template = try URITemplate("items/{id}/{;coords*}/{.range}{?limit,page%2Dsize}")
        let url = try template.expand(["id": "7", "coords": ["1", "2"], "range": "a", "limit": "5", "page%2Dsize": "10"])
        #expect(url == "items/7/;coords=1;coords=2/.a?limit=5&page%2Dsize=10")
    }
}
