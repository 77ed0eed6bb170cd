// Fuzz target `jsonmodel`: RequestModel's parser on the bytes, whole and fed in two pieces (split where
// the first byte says): both must agree, value or problem. An accepted value must write, compact and
// pretty, and read back equal; compare, hash and sameValue must not trip either.
import Foundation
@testable import RequestModel

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let whole = Result { () throws(JSONProblem) in try JSONNode.parsing(bytes) }
    let split = size > 0 ? Int(bytes[0]) % (size + 1) : 0
    var parser = JSONParser()
    let pieces = Result { () throws(JSONProblem) in
        try parser.feed(Array(bytes[..<split]))
        try parser.feed(Array(bytes[split...]))
        return try parser.finish()
    }
    guard pieces == whole else { fatalError("fed in two pieces at \(split): \(pieces), but whole: \(whole)") }
    guard case .success(let node) = whole else { return 0 }
    for text in [node.compactText, node.prettyText(), node.prettyText(indent: "  ")] {
        guard let again = try? JSONNode.parsing(text), again == node, again.sameValue(as: node) else {
            fatalError("does not read back: \(text)")
        }
    }
    _ = node.hashValue
    return 0
}
