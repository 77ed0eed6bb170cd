import Foundation
@testable import RequestModel
import Testing

/// `JSONSelection` agrees with the tree on many documents and paths: the compliance suite's cases
/// it serves, random documents with random paths, and those documents broken byte by byte (where
/// the skim alone must refuse exactly what the parser refuses, not lean on the parser's fallback).
@Suite struct JSONSelectionAgreementTests {
    /// The nodes from the bytes must be the evaluator's on the parsed text, in order; a text that is
    /// not JSON must throw the parser's own problem.
    private func expectAgreement(_ path: JSONPath, _ text: [UInt8], _ context: @autoclosure () -> String) {
        let full: Result<[JSONNode], JSONProblem>
        do { full = .success(path.values(in: try JSONNode.parsing(text))) } catch { full = .failure(error) }
        let skimmed: Result<[JSONNode], JSONProblem>
        do { skimmed = .success(try JSONSelection.values(of: [path], inUTF8: text)[0] ?? []) } catch { skimmed = .failure(error) }
        switch (full, skimmed) {
        case (.success(let wanted), .success(let got)): #expect(got == wanted, "\(path): \(context())")
        case (.failure(let wanted), .failure(let got)): #expect(got == wanted, "\(path): \(context())")
        default: Issue.record("\(path): parser \(full), selection \(skimmed): \(context())")
        }
    }

    /// Whether the skim by itself takes `text` as JSON.
    private func skimAccepts(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { bytes in
            var skeleton = JSONSkeleton()
            do {
                try JSONSkimmer(bytes: bytes, plan: JSONSelectionPlan([])).skimDocument(into: &skeleton)
                return true
            } catch {
                return false
            }
        }
    }

    @Test func agreesOnEveryComplianceCaseItServes() throws {
        let suite = try #require(JSONNode.parse(try Data(contentsOf: JSONPathComplianceTests.storedSuite)))
        guard case .array(let tests)? = suite["tests"] else { throw CancellationError() }
        var served = 0
        for test in tests {
            guard case .string(let selector)? = test["selector"], let document = test["document"],
                  let path = try? JSONPath(rfc9535: selector), JSONSelection.serves(path) else { continue }
            served += 1
            expectAgreement(path, Array(document.compactText.utf8), "compact document of \(test["name"] ?? .null)")
            expectAgreement(path, Array(document.prettyText().utf8), "pretty document of \(test["name"] ?? .null)")
        }
        print("jsonselection: \(served) compliance cases served")
        #expect(served > 100)
    }

    @Test func agreesOnRandomDocumentsAndPaths() throws {
        var random = RandomJSON(seed: 17)
        for round in 0..<400 {
            let document = JSONNode.array((0..<random.below(4)).map { _ in random.value() } + [random.value()])
            let text = Array((round % 2 == 0 ? document.compactText : document.prettyText()).utf8)
            let paths = try (0..<6).map { _ in try JSONPath(rfc9535: random.path(into: document)) }
            for path in paths { expectAgreement(path, text, "round \(round): \(document.compactText)") }
            // All at once, so they share the one pass and what it looked into.
            let together = try JSONSelection.values(of: paths, inUTF8: text)
            let root = try JSONNode.parsing(text)
            #expect(together == paths.map { $0.values(in: root) }, "round \(round): \(paths) in \(document.compactText)")
        }
    }

    @Test func refusesExactlyWhatTheParserRefuses() throws {
        var random = RandomJSON(seed: 9535)
        let damage: [UInt8] = Array(#""\[]{},:1-e.E+0 utfn/"#.utf8) + [0x00, 0x09, 0x0A, 0x7F, 0xC3, 0xA9, 0xED, 0xF4, 0xFF]
        let path = try JSONPath("$[0]")
        var refused = 0
        for round in 0..<300 {
            let text = Array(JSONNode.array([random.value(), random.value()]).compactText.utf8)
            var broken: [[UInt8]] = [Array(text.prefix(random.below(text.count)))]
            for _ in 0..<8 {
                var copy = text
                let at = random.below(copy.count)
                switch random.below(3) {
                case 0: copy[at] = damage[random.below(damage.count)]
                case 1: copy.insert(damage[random.below(damage.count)], at: at)
                default: copy.remove(at: at)
                }
                broken.append(copy)
            }
            for bytes in broken {
                let parses = (try? JSONNode.parsing(bytes)) != nil
                if !parses { refused += 1 }
                #expect(skimAccepts(bytes) == parses, "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                expectAgreement(path, bytes, "round \(round)")
            }
        }
        #expect(refused > 1000)
    }
}

extension RandomJSON {
    /// A path of child segments into `document`: mostly steps that exist (names with every kind of
    /// character, indices from either end), sometimes wildcards, slices, repeats and misses.
    mutating func path(into document: JSONNode) -> String {
        var text = "$"
        var node: JSONNode? = document
        for _ in 0...below(4) {
            switch node {
            case .object(let members)? where !members.isEmpty && below(4) != 0:
                let member = members[below(members.count)]
                text += "[\(Self.quoted(member.key))]"
                node = member.value
            case .array(let items)? where !items.isEmpty && below(4) != 0:
                let index = below(items.count)
                text += below(2) == 0 ? "[\(index)]" : "[\(index - items.count)]"
                node = items[index]
            default:
                let steps = ["[*]", "[0]", "[-1]", "[1:]", "[::-1]", "[:2]", "[0,0]", "[-1,0]", "[5]", "[-5]", "['a']", "[*,0]", "[1::2]"]
                text += steps[below(steps.count)]
                node = nil
            }
        }
        return text
    }

    /// `name` as an RFC 9535 string literal in single quotes.
    static func quoted(_ name: String) -> String {
        var out = "'"
        for scalar in name.unicodeScalars {
            switch scalar {
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }
}
