import Foundation
import LocatedYAML

/// Where in the file a decoding error's coding path points: the node it names, or the deepest
/// of its ancestors the file has (a missing key is reported at the mapping that lacks it). JSON
/// is read as the YAML it also is, so one walk serves both.
enum OpenAPIProblemPlace {
    static func problem(in text: String, file: URL, codingPath: [String], message: String) -> FileProblem {
        guard let root = try? LocatedNode.document(text, file: file.path, valueLimit: OpenAPIText.valueLimit) else {
            return FileProblem(file: file.path, line: nil, key: codingPath.isEmpty ? nil : codingPath.joined(separator: "."), message: message)
        }
        var node = root
        for key in codingPath {
            guard let next = child(of: node, key) else { break }
            node = next
        }
        return node.problem(message)
    }

    private static func child(of node: LocatedNode, _ key: String) -> LocatedNode? {
        if node.isMapping { return (try? node.entries())?[key] }
        guard let items = try? node.sequence(), let index = Int(key.replacingOccurrences(of: "Index ", with: "")),
              items.indices.contains(index) else { return nil }
        return items[index]
    }
}
