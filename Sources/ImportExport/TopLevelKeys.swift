import Foundation

/// The keys at the top level of a JSON document or a block-YAML mapping, each with its value when
/// that is a scalar (else ""). Found by a scan that follows strings and nesting, not by a parse, so
/// a 5 MB description is told apart in milliseconds, wherever its version key stands: real ones put
/// `openapi:` after thousands of lines of `components`, or sort it last.
struct TopLevelKeys: Equatable {
    private(set) var values: [String: String] = [:]

    subscript(key: String) -> String? { values[key] }

    init(_ data: Data) {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
            while start < bytes.count, Self.isSpace(bytes[start]) { start += 1 }
            if start < bytes.count, bytes[start] == UInt8(ascii: "{") {
                values = Self.json(bytes, from: start)
            } else {
                values = Self.yaml(bytes, from: start)
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: JSON

    /// Members of the outermost object: a key is a string at depth 1 where a key is expected.
    private static func json(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [String: String] {
        var found: [String: String] = [:]
        var index = start
        var depth = 0
        var expectsKey = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = stringEnd(bytes, from: index)
                guard depth == 1, expectsKey else { index = end; continue }
                let key = text(bytes, index + 1, end - 1)
                expectsKey = false
                index = end
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { continue }
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                found[key] = scalar(bytes, at: &index) ?? ""
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectsKey = depth == 1 && byte == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return found }
            case UInt8(ascii: ","):
                if depth == 1 { expectsKey = true }
            default:
                break
            }
            index += 1
        }
        return found
    }

    /// The index just past the string that opens at `start` (its escapes skipped).
    private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// A string, number or literal value at `index`, moving past it; nil for an object or array
    /// (left for the scan to enter).
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> String? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            let end = stringEnd(bytes, from: index)
            defer { index = end }
            return text(bytes, index + 1, max(index + 1, end - 1))
        }
        if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") { return nil }
        let start = index
        while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}")].contains(bytes[index]), !isSpace(bytes[index]) { index += 1 }
        return text(bytes, start, index)
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<max(start, end)]), as: UTF8.self)
    }

    // MARK: YAML

    /// Block mapping keys: lines that start at column 0 with `key:` (plain or quoted). Indented
    /// lines, comments, list items and document markers are not top-level keys.
    private static func yaml(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [String: String] {
        var found: [String: String] = [:]
        var lineStart = start
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            if let (key, value) = yamlKey(text(bytes, lineStart, lineEnd)) { found[key] = value }
            lineStart = lineEnd + 1
        }
        return found
    }

    private static func yamlKey(_ whole: String) -> (String, String)? {
        let line = whole.hasSuffix("\r") ? whole.dropLast() : Substring(whole)
        guard let first = line.first, !" \t#-%[{".contains(first) else { return nil }
        let key: Substring
        let colon: Substring.Index
        if first == "\"" || first == "'" {
            guard let close = line.dropFirst().firstIndex(of: first) else { return nil }
            key = line[line.index(after: line.startIndex)..<close]
            colon = line.index(after: close)
        } else {
            // A plain key ends at the first `:` followed by a blank or the line's end (`a:b` is a scalar).
            guard let found = line.indices.first(where: { line[$0] == ":" && (line.index(after: $0) == line.endIndex || " \t".contains(line[line.index(after: $0)])) })
            else { return nil }
            key = line[..<found]
            colon = found
        }
        guard colon < line.endIndex, line[colon] == ":" else { return nil }
        var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if let comment = value.range(of: " #") { value = value[..<comment.lowerBound].trimmingCharacters(in: .whitespaces) }
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
            value = String(value.dropFirst().dropLast())
        }
        return (key.trimmingCharacters(in: .whitespaces), value)
    }
}
