import Foundation
import HTTPParsing
import Testing
@testable import TUICore

/// A body read from its spool file a window at a time shows exactly what the same bytes show
/// in memory: lines, hex, line counts and search hits, with windows of a few bytes so every
/// kind of line crosses window edges (a character split in two, a CR and its LF apart).
@Suite struct BodySpoolTests {
    /// Small windows (a character or a CRLF lands on an edge often) and the real one.
    static let windowSizes = [16, 17, 61, 4099, BodyFile.defaultWindowBytes]

    static func bodies() -> [(name: String, bytes: [UInt8])] {
        var random = SeededRandom(seed: 42)
        let pieces = ["plain", "日本語", "😀x", "é", "\r\n", "\n", "\r", "\t", "\u{1B}[2J", "ü\u{0301}", " ", "abc def"]
        var mixed = ""
        // Past 1024 lines, so the sparser checkpoints of a spooled body are walked too.
        while mixed.utf8.count < 60_000 {
            mixed += pieces[random.below(pieces.count)]
            if random.below(40) == 0 { mixed += String(repeating: "long ", count: 900 + random.below(400)) }
        }
        var manyLines = ""
        for index in 0..<3000 { manyLines += "line \(index) ✓\r\n" }
        var binary: [UInt8] = []
        for _ in 0..<5000 { binary.append(UInt8(random.below(256))) }
        return [
            ("empty", []),
            ("one line, no final LF", Array("héllo wörld".utf8)),
            ("only newlines", Array(String(repeating: "\n", count: 2500).utf8)),
            ("mixed", Array(mixed.utf8)),
            ("many CRLF lines", Array(manyLines.utf8)),
            ("a 20 KB line", Array((String(repeating: "ab日", count: 4000) + "\nend").utf8)),
            ("invalid UTF-8", Array("ok ".utf8) + [0xC3, 0x28, 0x0A, 0xE2, 0x82, 0x0D, 0x0A, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0x0A]),
            ("JSON", Array("{\"a\": [1, 2, {\"b\": \"日本\"}],\r\n \"c\": null}\n".utf8)),
            ("binary", binary),
        ]
    }

    /// Writes `bytes` to a file of its own, removed when `body` returns.
    static func withFile<R>(_ bytes: [UInt8], _ body: (URL) throws -> R) throws -> R {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("body-spool-test-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    static func texts(_ document: BodyDocument, from column: Int = 0, width: Int = 10_000) -> [String] {
        document.lines(0..<document.lineCount, from: column, maxColumns: width).map(BodyFixtures.text)
    }

    @Test(arguments: windowSizes)
    func spooledLinesEqualTheSameBytesInMemory(windowBytes: Int) throws {
        for (name, bytes) in Self.bodies() {
            try Self.withFile(bytes) { url in
                let memory = BodyDocument.open(data: Data(bytes), contentType: nil).indexed()
                let opened = try #require(BodyDocument.open(file: url, count: bytes.count, contentType: nil, windowBytes: windowBytes))
                let spooled = opened.indexed()
                #expect(spooled.isSpooled && spooled.isComplete, "\(name)")
                for layout in [BodyDocument.Layout.raw, .hex] where spooled.availableLayouts.contains(layout) {
                    let inMemory = memory.switching(to: layout), fromFile = spooled.switching(to: layout)
                    #expect(fromFile.lineCount == inMemory.lineCount, "\(name) \(layout)")
                    #expect(Self.texts(fromFile) == Self.texts(inMemory), "\(name) \(layout)")
                    #expect(Self.texts(fromFile, from: 3, width: 7) == Self.texts(inMemory, from: 3, width: 7), "\(name) \(layout)")
                    // A screen in the middle, as scrolling asks for it.
                    let middle = max(0, inMemory.lineCount / 2 - 5)..<(inMemory.lineCount / 2 + 5)
                    #expect(fromFile.lines(middle, maxColumns: 80) == inMemory.lines(middle, maxColumns: 80), "\(name) \(layout)")
                }
            }
        }
    }

    @Test(arguments: windowSizes)
    func spooledSearchFindsTheSameLines(windowBytes: Int) throws {
        for (name, bytes) in Self.bodies() {
            try Self.withFile(bytes) { url in
                let spooled = try #require(BodyDocument.open(file: url, count: bytes.count, contentType: nil, windowBytes: windowBytes)).indexed()
                let memory = BodyDocument.open(data: Data(bytes), contentType: nil).indexed().switching(to: spooled.layout)
                for query in ["long long", "日本", "LINE 29", "\r\n", "ab日ab", "absent"] {
                    for line in [-1, 7, memory.lineCount / 2, memory.lineCount] {
                        for forward in [true, false] {
                            #expect(spooled.find(query, from: line, forward: forward) == memory.find(query, from: line, forward: forward),
                                    "\(name): \(query) from \(line) \(forward ? "forward" : "backward")")
                        }
                    }
                }
            }
        }
    }

    @Test func theFirstScreenOfASpooledBodyIsIndexedAtOnce() throws {
        let bytes = Array(String(repeating: "a row of text\n", count: 20_000).utf8)
        try Self.withFile(bytes) { url in
            let opened = try #require(BodyDocument.open(file: url, count: bytes.count, contentType: "text/plain", windowBytes: 61))
            let memory = BodyDocument.open(data: Data(bytes), contentType: "text/plain")
            #expect(!opened.isComplete)
            #expect(opened.lineCount == memory.lineCount)
            #expect(Self.texts(opened) == Self.texts(memory))
            #expect(opened.indexed().lineCount == 20_000)
        }
    }

    @Test func spooledJSONIsShownRawWithANote() throws {
        let bytes = Array("{\"a\": [1, 2]}".utf8)
        try Self.withFile(bytes) { url in
            let spooled = try #require(BodyDocument.open(file: url, count: bytes.count, contentType: "application/json")).indexed()
            #expect(spooled.availableLayouts == [.raw])
            #expect(spooled.jsonError?.contains("spool file") == true)
            #expect(Self.texts(spooled) == ["{\"a\": [1, 2]}"])
        }
    }

    @Test func aSpooledBodyKeepsOnlyAFewWindows() throws {
        var bytes: [UInt8] = []
        for index in 0..<40_000 { bytes += Array("row \(index)\n".utf8) }
        try Self.withFile(bytes) { url in
            let file = try #require(BodyFile(url: url, count: bytes.count, windowBytes: 1000))
            let document = BodyDocument.open(source: .file(file), contentType: nil).indexed()
            for top in stride(from: 0, to: document.lineCount, by: 997) {
                _ = document.lines(top..<(top + 40), maxColumns: 80)
            }
            #expect(document.find("row 39999", from: 0, forward: true) == 39_999)
            #expect(file.cachedBytes <= BodyFile.cachedWindows * 1250)
            // Sparser checkpoints than in memory: about one every 1024 lines.
            #expect(document.storage.text.checkpoints.count <= 40_000 / BodyCheckpoints.spooledInterval + 1)
        }
    }

    @Test func aBodyCountShorterThanTheFileStopsThere() throws {
        let bytes = Array("first\nsecond\nthird\n".utf8)
        try Self.withFile(bytes) { url in
            let document = try #require(BodyDocument.open(file: url, count: 9, contentType: nil, windowBytes: 16)).indexed()
            #expect(Self.texts(document) == ["first", "sec"])
        }
    }
}

/// The line walk the filter runs JSON Lines records on.
@Suite struct BodyLineWalkTests {
    @Test(arguments: BodySpoolTests.windowSizes)
    func linesComeWholeAcrossWindows(windowBytes: Int) throws {
        for (name, bytes) in BodySpoolTests.bodies() where name != "binary" {
            try BodySpoolTests.withFile(bytes) { url in
                let document = try #require(BodyDocument.open(file: url, count: bytes.count, contentType: nil, windowBytes: windowBytes))
                var lines: [[UInt8]] = []
                #expect(document.forEachLine(maxBytes: .max) { lines.append(Array($0)); return true } == .finished)
                var expected = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
                    line.last == 0x0D ? Array(line.dropLast()) : Array(line)
                }
                if expected.last?.isEmpty == true { expected.removeLast() }
                #expect(lines == expected, "\(name)")
            }
        }
    }

    @Test func aLineTooLongOrAStopEndsTheWalk() throws {
        let bytes = Array("short\n\(String(repeating: "x", count: 100))\nlast\n".utf8)
        try BodySpoolTests.withFile(bytes) { url in
            let document = try #require(BodyDocument.open(file: url, count: bytes.count, contentType: nil, windowBytes: 16))
            #expect(document.forEachLine(maxBytes: 50) { _ in true } == .lineTooLong(line: 1))
            var seen = 0
            #expect(document.forEachLine(maxBytes: 200) { _ in seen += 1; return seen < 2 } == .stopped)
            #expect(seen == 2)
        }
    }
}

extension BodySpoolTests {
    @Test func theFirstBytesComeFromMemoryOrTheFile() throws {
        let bytes = Array("0123456789\nabcdef".utf8)
        try Self.withFile(bytes) { url in
            let spooled = try #require(BodyDocument.open(file: url, count: bytes.count, contentType: nil, windowBytes: 16))
            let memory = BodyDocument.open(data: Data(bytes), contentType: nil)
            for limit in [0, 5, 16, 17, 100] {
                #expect(spooled.bytes(upTo: limit) == Data(bytes.prefix(limit)))
                #expect(memory.bytes(upTo: limit) == Data(bytes.prefix(limit)))
            }
        }
    }
}
