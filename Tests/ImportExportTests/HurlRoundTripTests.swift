import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// Every Hurl fixture imports, and what it imports survives a request file: written with
/// `SavedRequestsFile.yaml` and read back, each request is the same.
@Suite struct HurlRoundTripTests {
    static let fixtures = Fixtures.files("hurl", endingWith: [".hurl"]).map(\.lastPathComponent)

    @Test func thereAreThirteenFixtures() {
        #expect(Self.fixtures.count == 13)
    }

    @Test(arguments: fixtures)
    func importedRequestsSurviveARequestFile(name: String) throws {
        let api = try HurlFixture.imported(name)
        #expect(api.format == .hurl)
        #expect(api.title == String(name.dropLast(".hurl".count)))
        #expect(!api.requests.isEmpty)
        let read = try HurlFixture.roundTripped(api)
        #expect(read.count == api.requests.count)
        for (after, before) in zip(read, api.requests) {
            #expect(after == before, "\(before.name ?? "")")
        }
    }
}
