import Foundation
import RequestModel

/// Runs a query on a JSON text: the values as compact JSON, and their normalized paths.
enum JSONPathRun {
    static func document(_ json: String) -> JSONNode {
        guard let node = JSONNode.parse(Data(json.utf8)) else { fatalError("not JSON: \(json)") }
        return node
    }

    static func values(_ path: String, _ json: String) throws -> [String] {
        try JSONPath(path).values(in: document(json)).map(\.compactText)
    }

    static func paths(_ path: String, _ json: String) throws -> [String] {
        try JSONPath(path).paths(in: document(json)).map(\.description)
    }

    /// The problem a path is refused with, or nil when it is accepted.
    static func problem(_ path: String) -> JSONPathProblem? {
        do {
            _ = try JSONPath(path)
            return nil
        } catch {
            return error
        }
    }
}
