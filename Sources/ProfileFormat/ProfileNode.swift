import Foundation
import HTTPParsing
import Yams

/// A node of a profile file with its place (file, line, key path), so every problem found while
/// reading it names where it is.
struct ProfileNode {
    let node: Node
    let path: String
    let file: String

    var line: Int? { node.mark?.line }

    func problem(_ message: String) -> ProfileProblem {
        ProfileProblem(file: file, line: line, key: path.isEmpty ? nil : path, message: message)
    }

    /// The entries of a mapping in file order; a key outside `allowed` is reported, not ignored.
    func mapping(allowed: [String]) throws(ProfileProblem) -> [(key: String, value: ProfileNode)] {
        guard let mapping = node.mapping else { throw problem("expected a mapping of keys, found \(kind)") }
        var entries: [(key: String, value: ProfileNode)] = []
        for (keyNode, valueNode) in mapping {
            let key = keyNode.string ?? ""
            let child = ProfileNode(node: valueNode, path: path.isEmpty ? key : "\(path).\(key)", file: file)
            guard allowed.contains(key) else {
                let place = ProfileNode(node: keyNode, path: child.path, file: file)
                throw place.problem("unknown key (known here: \(allowed.joined(separator: ", ")))")
            }
            entries.append((key, child))
        }
        return entries
    }

    func string() throws(ProfileProblem) -> String {
        guard let scalar = node.scalar else { throw problem("expected text, found \(kind)") }
        return scalar.string
    }

    /// Text that may hold `${env:NAME}` references, each of which must be well formed.
    func referencing() throws(ProfileProblem) -> String {
        try checkReferences(in: try string())
    }

    func checkReferences(in text: String) throws(ProfileProblem) -> String {
        let written = text.components(separatedBy: "${env:").count - 1
        guard written == EnvironmentReference.names(in: text).count else {
            throw problem("write each environment reference as ${env:NAME}, NAME being letters, digits and _ (found \(QuotedValue.quoted(text)))")
        }
        return text
    }

    /// An HTTP method (a token), uppercased.
    func method() throws(ProfileProblem) -> String {
        let method = try string().uppercased()
        guard FieldSyntax.isToken(method) else {
            throw problem("\(QuotedValue.quoted(method)) is not a method")
        }
        return method
    }

    func bool() throws(ProfileProblem) -> Bool {
        guard node.scalar != nil, let value = node.bool else { throw problem("expected true or false, found \(describe)") }
        return value
    }

    func int(in range: ClosedRange<Int> = 0...Int.max) throws(ProfileProblem) -> Int {
        guard node.scalar != nil, let value = node.int else { throw problem("expected a whole number, found \(describe)") }
        guard range.contains(value) else { throw problem("\(value) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    /// Seconds and other quantities: a number, decimals allowed, never negative.
    func seconds() throws(ProfileProblem) -> Double {
        guard node.scalar != nil, let value = node.float ?? node.int.map(Double.init), value.isFinite else {
            throw problem("expected a number of seconds, found \(describe)")
        }
        guard value >= 0 else { throw problem("must not be negative (\(value))") }
        return value
    }

    func sequence() throws(ProfileProblem) -> [ProfileNode] {
        guard let sequence = node.sequence else { throw problem("expected a list, found \(kind)") }
        return sequence.enumerated().map { ProfileNode(node: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// `{ Name: value, … }` in file order, every value text.
    func headers() throws(ProfileProblem) -> [Profile.Header] {
        guard let mapping = node.mapping else { throw problem("expected a mapping of header names to values, found \(kind)") }
        var headers: [Profile.Header] = []
        for (keyNode, valueNode) in mapping {
            let name = keyNode.string ?? ""
            let child = ProfileNode(node: valueNode, path: "\(path).\(name)", file: file)
            let header = Profile.Header(name, try child.referencing())
            // A header that could never be sent is refused here, where its line is known.
            if let problem = FieldSyntax.headerProblem(name: header.name, value: header.value) { throw child.problem(problem) }
            headers.append(header)
        }
        return headers
    }

    /// The node as JSON text (a request body written in YAML).
    func jsonText() throws(ProfileProblem) -> String {
        // YAML aliases repeat a node without copying it: a few lines can stand for billions of
        // values, so the walk stops at a size no request body of a profile needs.
        var budget = Self.jsonValueLimit
        guard let value = Self.plain(node, budget: &budget) else {
            throw problem("holds more than \(Self.jsonValueLimit) JSON values (YAML aliases that repeat too much?)")
        }
        guard JSONSerialization.isValidJSONObject([value]),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        else { throw problem("cannot be written as JSON") }
        return String(decoding: data, as: UTF8.self)
    }

    static let jsonValueLimit = 100_000

    private static func plain(_ node: Node, budget: inout Int) -> Any? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .mapping(let mapping):
            var object: [String: Any] = [:]
            for (key, value) in mapping {
                guard let plain = plain(value, budget: &budget) else { return nil }
                object[key.string ?? ""] = plain
            }
            return object
        case .sequence(let sequence):
            var array: [Any] = []
            for value in sequence {
                guard let plain = plain(value, budget: &budget) else { return nil }
                array.append(plain)
            }
            return array
        case .scalar(let scalar):
            if node.null != nil, scalar.style == .plain { return NSNull() }
            if scalar.style == .plain, let bool = node.bool { return bool }
            if scalar.style == .plain, let int = node.int { return int }
            if scalar.style == .plain, let float = node.float { return float }
            return scalar.string
        case .alias: return NSNull()
        }
    }

    private var kind: String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: describe
        case .alias: "an alias"
        }
    }

    private var describe: String { node.scalar.map { "\"\(QuotedValue.capped($0.string))\"" } ?? kind }
}

extension ProfileNode {
    /// The value node of the `index`th entry of this mapping, with its key path (for problems).
    func entry(_ index: Int) -> ProfileNode {
        guard let mapping = node.mapping, index < mapping.count else { return self }
        let (keyNode, valueNode) = Array(mapping)[index]
        return ProfileNode(node: valueNode, path: "\(path).\(keyNode.string ?? "")", file: file)
    }
}
