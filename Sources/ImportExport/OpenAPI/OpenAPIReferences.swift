import Foundation
import OpenAPIKit
import RequestModel

/// Where a value of a description sits: the file (the description itself or one its `$ref`s
/// name) and the JSON pointer to it there. A `$ref` inside the value is read from that file.
struct OpenAPILocation: Hashable {
    var file: URL
    var pointer: [String]

    func appending(_ tokens: String...) -> OpenAPILocation {
        OpenAPILocation(file: file, pointer: pointer + tokens)
    }
}

/// A `$ref` that cannot be followed, and why: the operation that needs it is skipped.
struct OpenAPIUnresolved: Error, CustomStringConvertible {
    var reference: String
    var reason: String

    var description: String { "$ref \"\(reference)\" \(reason)" }
}

/// Follows `$ref`s: `#/components/...` of the description through OpenAPIKit's components,
/// any other pointer and files beside the description (`other.yaml#/components/schemas/X`) by
/// reading the pointed-at node and decoding it; schemas and examples as plain nodes
/// (`followed`). Bounded: at most `maxFiles` files read, each
/// once, and `maxHops` references followed for one value, a cycle named as one.
/// A class because it remembers the files it read during one import; it lives only that long.
final class OpenAPIReferences {
    static let maxFiles = 64
    static let maxHops = 32

    let main: URL
    let mainTree: JSONNode
    let components: OpenAPI.Components
    /// Parts are decoded as 3.0 (and converted) when the description is 3.0 or Swagger 2.0.
    let is30: Bool
    private var files: [URL: Result<(tree: JSONNode, isYAML: Bool), OpenAPIUnresolved>] = [:]

    init(main text: OpenAPIText, tree: JSONNode, components: OpenAPI.Components, is30: Bool) {
        main = text.file.standardizedFileURL
        mainTree = tree
        self.components = components
        self.is30 = is30
        files[main] = .success((tree, text.isYAML))
    }

    /// The plain node at `location`, nil when there is none (or its file cannot be read).
    func node(at location: OpenAPILocation) -> JSONNode? {
        guard let read = try? read(location.file) else { return nil }
        return OpenAPITree.node(read.tree, at: location.pointer)
    }

    /// The value, following references until one is not, with where it was found.
    func resolve<Value: Decodable & ComponentDictionaryLocatable>(_ value: Either<OpenAPI.Reference<Value>, Value>,
                                                                  at location: OpenAPILocation) throws(OpenAPIUnresolved) -> (Value, OpenAPILocation) {
        var current = value
        var place = location
        var seen: Set<OpenAPILocation> = []
        for _ in 0..<Self.maxHops {
            guard case .a(let reference) = current else {
                if case .b(let found) = current { return (found, place) }
                break
            }
            let text = reference.absoluteString
            place = try target(of: text, from: place.file)
            guard seen.insert(place).inserted else { throw OpenAPIUnresolved(reference: text, reason: "is part of a cycle of references") }
            if place.file == main, place.pointer.count == 3, place.pointer[0] == "components", place.pointer[1] == Value.openAPIComponentsKey,
               let found = try? components.lookupOnce(reference) {
                current = found
                continue
            }
            current = try decoded(Value.self, at: place, reference: text)
        }
        throw OpenAPIUnresolved(reference: location.pointer.joined(separator: "/"), reason: "leads through more than \(Self.maxHops) references")
    }

    /// The plain node at `location`, its `$ref`s followed (a schema, an example): with where it
    /// was found. Nil when there is nothing at `location` itself.
    func followed(_ location: OpenAPILocation) throws(OpenAPIUnresolved) -> (node: JSONNode, place: OpenAPILocation)? {
        guard var node = node(at: location) else { return nil }
        var place = location
        var seen: Set<OpenAPILocation> = [place]
        for _ in 0..<Self.maxHops {
            guard let reference = OpenAPITree.string(node["$ref"]) else { return (node, place) }
            place = try target(of: reference, from: place.file)
            guard seen.insert(place).inserted else { throw OpenAPIUnresolved(reference: reference, reason: "is part of a cycle of references") }
            guard let found = self.node(at: place) else {
                throw OpenAPIUnresolved(reference: reference, reason: (try? read(place.file)) == nil ? "names a file that cannot be read" : "points at nothing")
            }
            node = found
        }
        throw OpenAPIUnresolved(reference: location.pointer.joined(separator: "/"), reason: "leads through more than \(Self.maxHops) references")
    }

    /// Where `reference` points, read from `file`: `#/a/b` in that file, `other.yaml#/a/b` in a
    /// file beside it. References to the web are not fetched.
    func target(of reference: String, from file: URL) throws(OpenAPIUnresolved) -> OpenAPILocation {
        let hash = reference.firstIndex(of: "#") ?? reference.endIndex
        let path = reference[..<hash]
        let fragment = hash < reference.endIndex ? reference[reference.index(after: hash)...] : ""
        guard fragment.isEmpty || fragment.hasPrefix("/") else {
            throw OpenAPIUnresolved(reference: reference, reason: "names an anchor, not a JSON pointer: not followed")
        }
        guard !path.isEmpty else { return OpenAPILocation(file: file, pointer: OpenAPITree.pointer(fragment)) }
        guard let url = URL(string: String(path), relativeTo: file), url.scheme == nil || url.scheme == "file" else {
            throw OpenAPIUnresolved(reference: reference, reason: "is not a file beside the description: not fetched")
        }
        return OpenAPILocation(file: url.absoluteURL.standardizedFileURL, pointer: OpenAPITree.pointer(fragment))
    }

    private func decoded<Value: ComponentDictionaryLocatable>(_ type: Value.Type, at place: OpenAPILocation, reference: String) throws(OpenAPIUnresolved)
        -> Either<OpenAPI.Reference<Value>, Value> {
        let read = try read(place.file)
        guard let node = OpenAPITree.node(read.tree, at: place.pointer) else {
            throw OpenAPIUnresolved(reference: reference, reason: "points at nothing")
        }
        do {
            guard let part = try OpenAPIDecoding.part(Value.self, node, is30: is30, fromYAML: read.isYAML) else {
                throw OpenAPIUnresolved(reference: reference, reason: "points at what is not a \(Value.openAPIComponentsKey) entry")
            }
            return part
        } catch let unresolved as OpenAPIUnresolved {
            throw unresolved
        } catch {
            throw OpenAPIUnresolved(reference: reference, reason: "points at what is not one: \(OpenAPI.Error(from: error).localizedDescription)")
        }
    }

    private func read(_ file: URL) throws(OpenAPIUnresolved) -> (tree: JSONNode, isYAML: Bool) {
        if let known = files[file] { return try known.get() }
        let result: Result<(tree: JSONNode, isYAML: Bool), OpenAPIUnresolved>
        if files.count > Self.maxFiles {
            result = .failure(OpenAPIUnresolved(reference: file.lastPathComponent, reason: "is past the \(Self.maxFiles) files one import reads"))
        } else {
            do {
                let text = try OpenAPIText(try APIImport.contents(of: file), file: file)
                result = .success((text.tree, text.isYAML))
            } catch {
                result = .failure(OpenAPIUnresolved(reference: file.lastPathComponent, reason: "cannot be read: \(error)"))
            }
        }
        files[file] = result
        return try result.get()
    }
}
