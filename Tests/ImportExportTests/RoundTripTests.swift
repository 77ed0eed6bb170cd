import CurlSyntax
import Foundation
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// Issue 16: a round trip — import, export, import — keeps every request's method, URL, headers
/// and body (`SentRequest`), on every fixture of every format and through both exporters that
/// import again; each exported curl command parses back to the same request.
@Suite struct RoundTripTests {
    /// Every published fixture an importer reads, as its path under Tests/Fixtures.
    static let fixtures: [String] = {
        let root = Fixtures.root.resolvingSymlinksInPath().path + "/"
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.filter { path in
            let folder = path.split(separator: "/").first.map(String.init) ?? ""
            switch folder {
            case "openapi": return path.hasSuffix(".yaml") || path.hasSuffix(".json")
            case "postman": return path.hasSuffix(".json") && !path.hasSuffix(".schema.json")
            case "insomnia": return path.hasSuffix(".json")
            case "http": return path.hasSuffix(".http") || path.hasSuffix(".rest")
            default: return false
            }
        }.sorted().filter { FileManager.default.fileExists(atPath: root + $0) }
    }()

    @Test func everyFormatHasFixtures() {
        for folder in ["openapi/", "postman/", "insomnia/", "http/"] {
            #expect(Self.fixtures.contains { $0.hasPrefix(folder) }, "\(folder)")
        }
        #expect(!Self.fixtures.contains { $0.hasSuffix(".schema.json") || $0.hasSuffix(".env.json") })
    }

    @Test(arguments: fixtures, RoundTrip.allCases)
    func aRoundTripKeepsWhatEachRequestSends(fixture: String, exporter: RoundTrip) throws {
        let api = try APIImport.read(Fixtures.root.appendingPathComponent(fixture))
        #expect(!api.requests.isEmpty, "\(fixture): no requests")
        let again = try exporter.reimported(api)
        #expect(again.api.requests.count == api.requests.count, "\(fixture) via \(exporter): request count")
        let names = api.requests.map(exporter.nameAfter)
        if exporter == .postman {
            // Postman gathers a group's requests into one folder, so a group that comes back in the
            // file later is moved up to its first place: the order holds within each group.
            for group in Set(api.requests.map(\.group)) {
                #expect(again.api.requests.filter { $0.group == group }.map(\.name) == zip(api.requests, names).filter { $0.0.group == group }.map(\.1),
                        "\(fixture) via \(exporter): names in group \(group ?? "none")")
            }
        } else {
            #expect(again.api.requests.map(\.name) == names, "\(fixture) via \(exporter): names in order")
        }
        let byName = Dictionary(again.api.requests.map { ($0.name ?? "", $0) }) { first, _ in first }
        for (before, name) in zip(api.requests, names) {
            guard let after = byName[name ?? ""] else {
                Issue.record("\(fixture) via \(exporter): \(name ?? before.summary) did not come back")
                continue
            }
            #expect(after.description == exporter.descriptionAfter(before), "\(fixture) via \(exporter): description of \(name ?? "")")
            // Every query parameter of a URL template comes back: from `.http` the optional ones too.
            #expect(SentRequest(after, profile: again.profile) == SentRequest(before, profile: api.profile, optionalQuery: exporter == .http),
                    "\(fixture) via \(exporter): \(before.name ?? before.summary)")
        }
    }

    @Test(arguments: fixtures)
    func eachCurlCommandParsesBackToTheSameRequest(fixture: String) throws {
        let api = try APIImport.read(Fixtures.root.appendingPathComponent(fixture))
        let text = try #require(APIExport.files(.curl, profile: api.profile, requests: api.requests).first?.text)
        let commands = api.requests.map { CurlListExport.command(profile: api.profile, $0) }
        #expect(text == commands.joined(separator: "\n"))
        // The command alone sends the profile's headers and auth: only the base URL and vars resolve it.
        var resolving = Profile(name: api.profile.name)
        resolving.baseURL = api.profile.baseURL
        resolving.vars = api.profile.vars
        for (request, command) in zip(api.requests, commands) {
            let parsed = try CurlRoundTrip.request(command)
            #expect(SentRequest(parsed, profile: resolving) == SentRequest(request, profile: api.profile),
                    "\(fixture) via curl: \(request.name ?? request.summary)")
        }
    }
}

/// What the fixtures do not hold: a body of bytes.
@Suite struct RoundTripBytesTests {
    static let requests = [
        RequestSpec(name: "upload", method: "PUT", url: "files/a.csv", body: .binary(Data("a,b\n1,2".utf8), contentType: "text/csv")),
        RequestSpec(name: "blob", method: "PUT", url: "files/b.bin", body: .binary(Data([0xff, 0x00, 0x01]), contentType: "application/octet-stream")),
    ]

    @Test(arguments: RoundTrip.allCases)
    func bytesThatAreUTF8TextRoundTripAndOtherBytesAreListed(exporter: RoundTrip) throws {
        var profile = Profile(name: "files")
        profile.baseURL = "http://127.0.0.1:8080/"
        let api = ImportedAPI(format: .http, title: "files", profile: profile, requests: Self.requests)
        let again = try exporter.reimported(api)
        #expect(SentRequest(again.api.requests[0], profile: again.profile) == SentRequest(Self.requests[0], profile: profile))
        #expect(again.api.requests[0].headers.contains(NamedValue("Content-Type", "text/csv")))
        #expect(again.api.requests[1].body == .none)
        #expect(again.text.contains("3 bytes of binary body not written"))
    }

    @Test func curlSendsTheSameBytes() throws {
        let command = CurlListExport.command(profile: Profile(name: ""), Self.requests[0])
        let parsed = try CurlRoundTrip.request(command)
        #expect(SentRequest(parsed, profile: Profile(name: "")) == SentRequest(Self.requests[0], profile: Profile(name: "")), "\(command)")
    }
}
