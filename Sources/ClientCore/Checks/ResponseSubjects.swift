import Foundation
import RequestModel

/// The values a request file's captures and asserts read from one response (SPEC §8): the status,
/// a header's values, what a JSON path selects, the body, its size, the exchange's duration, the
/// HTTP version, a cookie it sets. The body is parsed as JSON at most once, and only when a path
/// asks for it.
struct ResponseSubjects {
    let response: HTTPResponse
    /// The whole exchange so far, in milliseconds.
    let durationMs: Double
    /// Bodies up to this size are parsed whole rather than selected from in one pass.
    static let smallBody = 16 * 1024
    /// Every path the checks will ask for, so one pass over the body serves them all.
    private let paths: [JSONPath]
    /// What each path selects; nil until a path is first asked for, empty when the body is not
    /// JSON (or was streamed, or is too large to read). A list: a few paths are found faster
    /// by comparing than by hashing.
    private var selected: [(path: JSONPath, values: [JSONNode])]?

    init(_ response: HTTPResponse, durationMs: Double, paths: [JSONPath]) {
        self.response = response
        self.durationMs = durationMs
        self.paths = paths
    }

    /// What an assert's subject is; nil when it is not there.
    mutating func value(of subject: RequestSpec.Assert.Subject) -> JSONNode? {
        switch subject {
        case .status: .integer(response.status)
        case .header(let name): JSONNode.subject(of: response.headers.values(for: name).map(JSONNode.string))
        case .json(let path): json(path)
        case .body: .string(response.text)
        case .bytes: .integer(response.body.count + response.streamedBytes)
        case .duration: .integer(Int(durationMs.rounded()))
        case .httpVersion: response.httpVersion.isEmpty ? nil : .string(response.httpVersion)
        case .cookie(let name): cookie(name).map(JSONNode.string)
        }
    }

    /// What a capture's source is: the same values, read through the same subjects.
    mutating func value(of source: RequestSpec.Capture.Source) -> JSONNode? {
        switch source {
        case .json(let path): json(path)
        case .header(let name): value(of: RequestSpec.Assert.Subject.header(name))
        case .body: value(of: RequestSpec.Assert.Subject.body)
        case .status: value(of: RequestSpec.Assert.Subject.status)
        case .cookie(let name): value(of: RequestSpec.Assert.Subject.cookie(name))
        }
    }

    /// Nothing when the path is not valid (refused where the file was read) or the body is not JSON.
    private mutating func json(_ path: JSONPath) -> JSONNode? {
        if selected == nil { selected = select() }
        return selected?.first { $0.path == path }.flatMap { JSONNode.subject(of: $0.values) }
    }

    /// All the paths at once: one pass over the body that builds only what they select (a 10 MB
    /// body is not parsed into a tree to read `$.token`).
    private func select() -> [(path: JSONPath, values: [JSONNode])] {
        guard response.streamedBytes == 0, response.body.count <= HTTPJSONFieldValidator.maxBytes else { return [] }
        let paths = self.paths.indices.filter { !self.paths[..<$0].contains(self.paths[$0]) }.map { self.paths[$0] }
        let data = response.body.data
        // A small body is parsed whole: cheaper than planning a pass, and the same nodes.
        if data.count <= Self.smallBody {
            guard let root = JSONNode.parse(data) else { return [] }
            return paths.map { ($0, $0.values(in: root)) }
        }
        guard let values = try? JSONSelection.allValues(of: paths, inUTF8: data) else { return [] }
        return Array(zip(paths, values))
    }

    /// The value of the first `Set-Cookie` of this response that sets `name` (RFC 6265 §5.2:
    /// the name-value pair before the first `;`).
    private func cookie(_ name: String) -> String? {
        for header in response.headers.values(for: "Set-Cookie") {
            let pair = header.prefix { $0 != ";" }
            guard let equals = pair.firstIndex(of: "=") else { continue }
            if pair[..<equals].trimmingCharacters(in: .whitespaces) == name {
                return pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
