import Foundation
import HTTPParsing
import Testing
@testable import TUICore

/// Bodies and an independent pretty printer for the body tests.
enum BodyFixtures {
    typealias Random = SeededRandom

    /// A JSON value whose strings and numbers keep their source text.
    indirect enum Value {
        case object([(String, Value)])
        case array([Value])
        case scalar(String)
    }

    static let strings = ["\"plain\"", "\"with \\\"quotes\\\" and \\\\ slash\"", "\"caf\\u00e9 \\n tab\\t\"", "\"日本語 ünïcödé 😀\"",
                          "\"\"", "\"esc \\u001b[2J\"", "\"\u{9B} c1 raw\""]
    static let scalars = ["0", "-1", "3.25", "6.02e23", "-0.5E-3", "true", "false", "null", "12345678901234567890"]

    static func value(_ random: inout Random, depth: Int) -> Value {
        let roll = random.below(10)
        if depth > 6 || roll < 5 {
            if random.below(2) == 0 { return .scalar(strings[random.below(strings.count)]) }
            if random.below(200) == 0 { return .scalar("\"" + String(repeating: "long ", count: 1000 + random.below(3000)) + "\"") }
            return .scalar(scalars[random.below(scalars.count)])
        }
        let count = random.below(8) == 0 ? 0 : random.below(12) + 1
        if roll < 8 {
            return .object((0..<count).map { index in ("\"k\(random.below(1000))_\(index)\"", value(&random, depth: depth + 1)) })
        }
        return .array((0..<count).map { _ in value(&random, depth: depth + 1) })
    }

    /// Minified JSON with some whitespace sprinkled between tokens.
    static func serialize(_ value: Value, _ random: inout Random, into out: inout String) {
        func space() {
            switch random.below(12) {
            case 0: out += " "
            case 1: out += "\n  "
            case 2: out += "\r\n\t"
            default: break
            }
        }
        switch value {
        case .scalar(let text): out += text
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ","; space() }
                space()
                serialize(item, &random, into: &out)
            }
            space()
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                space()
                out += member.0
                space()
                out += ":"
                space()
                serialize(member.1, &random, into: &out)
            }
            space()
            out += "}"
        }
    }

    /// The pretty lines, printed the obvious recursive way.
    static func pretty(_ value: Value, indent: Int = 0, prefix: String = "", comma: Bool = false, into lines: inout [String]) {
        let pad = String(repeating: "  ", count: indent)
        let tail = comma ? "," : ""
        switch value {
        case .scalar(let text): lines.append(pad + prefix + text + tail)
        case .array(let items):
            guard !items.isEmpty else { lines.append(pad + prefix + "[]" + tail); return }
            lines.append(pad + prefix + "[")
            for (index, item) in items.enumerated() { pretty(item, indent: indent + 1, comma: index < items.count - 1, into: &lines) }
            lines.append(pad + "]" + tail)
        case .object(let members):
            guard !members.isEmpty else { lines.append(pad + prefix + "{}" + tail); return }
            lines.append(pad + prefix + "{")
            for (index, member) in members.enumerated() {
                pretty(member.1, indent: indent + 1, prefix: member.0 + ": ", comma: index < members.count - 1, into: &lines)
            }
            lines.append(pad + "}" + tail)
        }
    }

    /// About `bytes` of generated JSON (an array of random values) and its pretty lines.
    static func generated(bytes: Int, seed: UInt64) -> (json: String, lines: [String]) {
        var random = Random(seed: seed)
        var items: [Value] = []
        var json = ""
        while json.utf8.count < bytes {
            let item = value(&random, depth: 0)
            items.append(item)
            var piece = ""
            serialize(item, &random, into: &piece)
            json += piece + ","
        }
        let top = Value.array(items)
        var random2 = Random(seed: seed ^ 0xABCDEF)
        var text = ""
        serialize(top, &random2, into: &text)
        var lines: [String] = []
        pretty(top, into: &lines)
        return (text, lines)
    }

    /// A line's text, spans joined.
    static func text(_ spans: [Span]) -> String { spans.map(\.text).joined() }

    static func texts(_ document: BodyDocument, _ range: Range<Int>? = nil, width: Int = 10_000) -> [String] {
        document.lines(range ?? 0..<document.lineCount, maxColumns: width).map(text)
    }

    static func document(_ text: String, contentType: String? = nil) -> BodyDocument {
        BodyDocument.open(data: Data(text.utf8), contentType: contentType).indexed()
    }

    /// True when no span holds a character a terminal would act on.
    static func inert(_ lines: [[Span]]) -> Bool {
        lines.allSatisfy { $0.allSatisfy { !$0.text.unicodeScalars.contains(where: TerminalText.needsReplacing) } }
    }
}

@Suite struct BodyFixtureTests {
    @Test func generatedJSONIsValidAndPrettyLinesBalance() throws {
        let generated = BodyFixtures.generated(bytes: 50_000, seed: 7)
        let parsed = try JSONSerialization.jsonObject(with: Data(generated.json.utf8), options: [.fragmentsAllowed])
        #expect((parsed as? [Any])?.isEmpty == false)
        #expect(generated.lines.first == "[")
        #expect(generated.lines.last == "]")
    }
}
