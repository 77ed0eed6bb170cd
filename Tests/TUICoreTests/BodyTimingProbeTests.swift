import Foundation
import Testing
import TUICore

/// Not a timed test: a probe that prints how long the body viewer's steps take on 10 MB and
/// 50 MB of JSON read through a memory-mapped file, as the app reads a spooled body. Off
/// unless asked for; run it in release:
/// `BODY_TIMING_PROBE=1 swift test -c release --filter BodyTimingProbeTests`
@Suite struct BodyTimingProbeTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["BODY_TIMING_PROBE"] != nil))
    func printTimings() throws {
        for megabytes in [10, 50] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("body-probe-\(megabytes).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try Self.json(bytes: megabytes * 1_000_000).write(to: url)
            let data = try Data(contentsOf: url, options: .alwaysMapped)
            let clock = ContinuousClock()

            var opened: BodyDocument?
            var first: [[Span]] = []
            let open = clock.measure {
                opened = BodyDocument.open(data: data, contentType: "application/json")
                first = opened!.lines(0..<40, maxColumns: 120)
            }
            var document = try #require(opened)
            let index = clock.measure { document = document.indexed() }
            var last: [[Span]] = []
            let end = clock.measure { last = document.lines((document.lineCount - 40)..<document.lineCount, maxColumns: 120) }
            var found: Int?
            let search = clock.measure { found = document.find("no such text", from: 0, forward: true) }
            let raw = clock.measure { _ = document.switching(to: .raw).lines(0..<40, maxColumns: 120) }
            print("""
                body probe \(megabytes) MB (\(data.count) bytes, \(document.lineCount) pretty lines):
                  open + first 40 lines \(open), indexed \(index), last 40 lines \(end), \
                search (miss) \(search), raw toggle + 40 lines \(raw)
                """)
            #expect(first.count == 40)
            #expect(last.last?.map(\.text).joined() == "]")
            #expect(found == nil)
        }
    }

    /// An array of small records, like an API listing.
    static func json(bytes: Int) -> Data {
        var text = "["
        var index = 0
        while text.utf8.count < bytes {
            if index > 0 { text += "," }
            text += #"{"id":\#(index),"name":"user \#(index)","email":"user\#(index)@example.com","active":\#(index % 2 == 0),"#
                + #""score":\#(Double(index) * 1.5),"tags":["a","b"],"address":{"city":"Paris","zip":"7500\#(index % 10)"},"note":null}"#
            index += 1
        }
        return Data((text + "]").utf8)
    }
}
