import Foundation
import Testing
import RequestModel
@testable import TUICore

/// Broken and hostile bodies: whatever the bytes, every line renders inert and no call traps.
@Suite struct BodyRobustnessTests {
    private func exercise(_ document: BodyDocument) {
        for layout in document.availableLayouts {
            let shown = document.switching(to: layout)
            let count = shown.lineCount
            let lines = shown.lines(0..<count, maxColumns: 300)
            #expect(lines.count == count)
            #expect(BodyFixtures.inert(lines))
            #expect(shown.lines((count - 2)..<(count + 5), from: 7, maxColumns: 3).count == min(count, 2))
            if let line = shown.find("a", from: count / 2, forward: true) { #expect((0..<count).contains(line)) }
            if let line = shown.find("\"", from: count + 10, forward: false) { #expect((0..<count).contains(line)) }
            #expect(shown.find("x", from: Int.max, forward: true).map { (0..<count).contains($0) } ?? true)
            #expect(shown.find("x", from: Int.min, forward: false).map { (0..<count).contains($0) } ?? true)
        }
    }

    @Test func mutatedJSONNeverTraps() {
        let source = Array(#"{"a":[1,2.5e-3,{"b":"c\u00e9\"d"},[],{}],"e":true,"f":null,"g":"日本"}"#.utf8)
        let alphabet = Array(#"{}[]",:\ 0e-.tfnu"#.utf8) + [0x00, 0x1B, 0x0A, 0xC3, 0xFF, 0x9B]
        var random = BodyFixtures.Random(seed: 2024)
        for _ in 0..<1500 {
            var bytes = source
            for _ in 0...random.below(4) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[at] = alphabet[random.below(alphabet.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
                }
            }
            let document = BodyDocument.open(data: Data(bytes), contentType: "application/json").indexed()
            exercise(document)
            if document.format == .json { #expect(document.jsonError == nil) }
        }
    }

    @Test func brokenTailsOfLargeBodiesNeverTrap() {
        let generated = BodyFixtures.generated(bytes: 200_000, seed: 11)
        var random = BodyFixtures.Random(seed: 3)
        for cut in [70_000, 65_536, 100_001, 150_000] {
            var bytes = Array(generated.json.utf8.prefix(cut))
            bytes += [0x22, 0x0A, 0x7D, 0x5D][random.below(4)...].prefix(2)
            let opened = BodyDocument.open(data: Data(bytes), contentType: nil)
            exercise(opened)  // the first-screen document, with its line in progress
            let indexed = opened.indexed()
            #expect(indexed.format == .text)
            #expect(indexed.jsonError?.hasPrefix("invalid JSON at byte ") == true)
            exercise(indexed)
        }
    }

    @Test func deepNestingAndRandomBytes() {
        // As deep as the parser reads, and no deeper: the viewer shows as JSON what it accepts.
        let depth = JSONNode.maxDepth
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = BodyFixtures.document(deep)
        #expect(document.format == .json)
        #expect(document.lineCount == 2 * depth - 1)
        #expect(BodyFixtures.text(document.line(depth - 1, maxColumns: 10)) == "          ")
        #expect(BodyFixtures.text(document.line(depth - 1, from: 2 * depth - 4, maxColumns: 10)) == "  []")
        exercise(document)
        let deeper = BodyFixtures.document("[" + deep + "]", contentType: "application/json")
        #expect(deeper.format == .text)
        #expect(deeper.jsonError?.contains("nested deeper than \(depth) levels") == true)
        exercise(deeper)

        var random = BodyFixtures.Random(seed: 77)
        for contentType in [nil, "application/json", "text/plain"] {
            let bytes = (0..<5000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            exercise(BodyDocument.open(data: Data(bytes), contentType: contentType).indexed())
        }
    }
}
