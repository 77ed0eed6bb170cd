import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// The real Insomnia v4 export of Tests/Fixtures/insomnia (SOURCE.md); the facts asserted were
/// read from the file: its resources' parents and `metaSortKey`s give the order.
@Suite struct InsomniaImportTests {
    static func imported() throws -> ImportedAPI {
        try APIImport.read(Fixtures.url("insomnia", "rentx-insomnia.json"))
    }

    @Test func requestsInTheTreeInsomniaShows() throws {
        let api = try Self.imported()
        #expect(api.format == .insomnia)
        #expect(api.title == "RentX")
        #expect(api.requests.map { $0.name ?? "" } == [
            "Users/Create", "Users/Update Avatar", "Users/Profile", "Users/Password/Send Forgot Mail", "Users/Password/Reset Password",
            "Sessions/Authenticate", "Sessions/Admin Authenticate", "Sessions/Craete Refresh Token",
            "Categories/Create", "Categories/List All", "Categories/Import",
            "Cars/Create", "Cars/Create Specifications", "Cars/Upload Images", "Cars/List All Available",
            "Rents/Create", "Rents/Devolution", "Rents/List All By User",
            "Specifications/Create",
        ])
        #expect(api.requests.map(\.method).filter { $0 == "POST" }.count == 14)
        #expect(api.requests[3].group == "Users/Password")
        #expect(api.requests.allSatisfy { $0.url.hasPrefix("{{baseURL}}/") })
    }

    @Test func groupEnvironmentsBecomeRequestVarsTheNearestWinning() throws {
        let api = try Self.imported()
        #expect(api.requests[0].vars == [NamedValue("resource", "users")])
        #expect(api.requests[3].vars == [NamedValue("resource", "password")])
        #expect(api.requests[18].vars == [NamedValue("resource", "specifications")])
    }

    @Test func environmentsBaseAndSub() throws {
        let api = try Self.imported()
        #expect(api.profile.vars.isEmpty)
        // Dev's two tokens are `{% response %}` tags, Insomnia's own code: listed, not copied.
        #expect(api.environments == [.init(name: "Dev", vars: [NamedValue("baseURL", "http://localhost:3333")])])
        #expect(api.skipped.map(\.item) == ["environment Dev variable \"userToken\"", "environment Dev variable \"adminToken\""])
    }

    @Test func bodiesHeadersAuthAndParameters() throws {
        let api = try Self.imported()
        let byName = Dictionary(api.requests.map { ($0.name ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        let create = try #require(byName["Users/Create"])
        #expect(create.headers == [NamedValue("Content-Type", "application/json")])
        #expect(create.body == .json("{ \n  \"username\": \"teste\",\n\t\"name\": \"User 1\",\n\t\"email\": \"user@gmail.com\",\n\t\"driver_license\": \"123456\",\n\t\"password\": \"123456\"\n}\n"))
        let avatar = try #require(byName["Users/Update Avatar"])
        #expect(avatar.method == "PATCH")
        // The bare `Content-Type: multipart/form-data` (no boundary) is left to the client.
        #expect(avatar.headers == [NamedValue("Authorization", "Bearer {{userToken}}")])
        #expect(avatar.body == .multipart([.file(name: "avatar", path: "/Users/eliasgcf/Pictures/profile.jpg")]))
        let images = try #require(byName["Cars/Upload Images"])
        #expect(images.body == .multipart([.file(name: "images", path: "/Users/eliasgcf/Documents/carro1.jpg"),
                                           .file(name: "images", path: "/Users/eliasgcf/Documents/carro2.jpg")]))
        #expect(images.headers == [NamedValue("Authorization", "Bearer {{adminToken}}")])
        #expect(try #require(byName["Users/Password/Reset Password"]).url == "{{baseURL}}/{{resource}}/reset?token=c9499749-329b-43f0-971f-e3903699ae3a")
        // Its three parameters are all disabled.
        #expect(try #require(byName["Cars/List All Available"]).url == "{{baseURL}}/{{resource}}/available")
        let listAll = try #require(byName["Categories/List All"])
        #expect(listAll.body == .none && listAll.headers.isEmpty)
        #expect(try #require(byName["Rents/Devolution"]).body == .none)
    }
}
