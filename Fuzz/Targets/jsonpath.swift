// Fuzz target `jsonpath`: the RFC 9535 parser (both entry points) and the evaluator on a fixed
// document; a refusal's column lies within the path, every result's normalized path selects
// exactly that value again, and the one-pass selection over the bytes finds what the tree does.
import Foundation
@testable import RequestModel

/// Built per input: a global would be reported by LeakSanitizer.
func fixedDocument() -> JSONNode { JSONNode.parse(fixedText)! }

let fixedText = #"""
{"a": [1, 2.50, -0, 1e400, "x", "\u00e9", {"b": null, "b": true}], "c": {"d e": {"'": [[]]}, "": 7},
 "n": 12345678901234567890, "s": "a\nb\u2028c", "o": {"p": 1, "q": 2, "r": {"p": 3}}}
"""#

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let length = text.unicodeScalars.count
    let document = fixedDocument()
    for strict in [false, true] {
        let path: JSONPath
        do {
            path = strict ? try JSONPath(rfc9535: text) : try JSONPath(text)
        } catch {
            precondition((1...length + 1).contains(error.column), "column \(error.column) outside the path")
            continue
        }
        // Duplicates multiply with each `..`: keep runs short by capping what is checked.
        for match in path.select(in: document).prefix(200) {
            let again = try! JSONPath(rfc9535: match.path.description).values(in: document)
            precondition(again.contains(match.value), "\(match.path) does not select its value")
        }
        _ = path.places(in: document)
        if JSONSelection.serves(path) {
            let selected = try! JSONSelection.allValues(of: [path], inUTF8: Array(fixedText.utf8))
            precondition(selected == [path.values(in: document)], "JSONSelection and the evaluator differ on \(path)")
        }
    }
    return 0
}
