import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel
import Testing
@testable import ImportExport

/// Files written to a fresh temporary folder for one test: a `.http` file and what sits beside it.
struct HTTPFileFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("httpfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Imports `name` (default `api.http`) as `explorer import` does.
    func read(_ name: String = "api.http") throws -> ImportedAPI { try APIImport.read(file(name)) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Imports one `.http` text with nothing beside it.
func importHTTP(_ text: String) throws -> ImportedAPI {
    let folder = try HTTPFileFolder(["api.http": text])
    defer { folder.remove() }
    return try folder.read()
}

/// The FileProblem importing `text` throws, or nil.
func httpProblem(_ text: String, files: [String: String] = [:]) throws -> FileProblem? {
    let folder = try HTTPFileFolder(files.merging(["api.http": text]) { $1 })
    defer { folder.remove() }
    do {
        _ = try folder.read()
        return nil
    } catch let problem as FileProblem {
        return problem
    }
}

/// What a round trip must keep of one request (SPEC §9): method, URL, headers and body. The
/// exported URL says `{{baseUrl}}` where the original had the profile's base URL; it is put back
/// with the exported environment's value before comparing.
struct RoundTripRequest: Equatable, CustomStringConvertible {
    var method: String
    var url: String
    var headers: [NamedValue]
    var body: RequestSpec.Body

    /// A relative URL (the original's, under the profile's base URL) is joined to `baseUrl` as well.
    init(_ request: RequestSpec, baseUrl: String) {
        method = request.method
        if request.url.hasPrefix("{{baseUrl}}") {
            url = request.url.replacingOccurrences(of: "{{baseUrl}}", with: baseUrl)
        } else if request.url.contains("://") || request.url.hasPrefix("{{") {
            url = request.url
        } else {
            url = baseUrl + "/" + request.url.drop { $0 == "/" }
        }
        headers = request.headers
        body = request.body
    }

    var description: String { "\(method) \(url) \(headers.map { "\($0.name): \($0.value)" }) \(body)" }
}

/// `.http` export then import, as a user would run them: the exported file and its
/// `http-client.env.json` written to a folder and read back. Returns the requests read back and
/// the environment's `baseUrl`.
func httpRoundTrip(profile: ProfileFormat.Profile, requests: [RequestSpec]) throws -> (requests: [RequestSpec], baseUrl: String) {
    let files = APIExport.files(.http, profile: profile, requests: requests)
    let main = try #require(files.first { $0.besideName == nil })
    let environment = try #require(files.first { $0.besideName == "http-client.env.json" })
    let folder = try HTTPFileFolder(["exported.http": main.text, "http-client.env.json": environment.text])
    defer { folder.remove() }
    let again = try folder.read("exported.http")
    guard case .object(let environments) = try JSONNode.parsing(environment.text), environments.count == 1,
          case .string(let baseUrl)? = environments[0].value["baseUrl"] else {
        throw FileProblem(file: "http-client.env.json", line: nil, key: nil, message: "no single environment with a baseUrl")
    }
    return (again.requests, baseUrl)
}
