import ClientCore
import Foundation
import RequestModel
import TUICore

/// Our JSON parser and RFC 9535 engine against jq on the same generated 10 MB document, in the
/// same run: each figure is the median wall time of `runs` runs, ours in-process (read the file,
/// parse, select, write compact JSON lines) and jq's as a process writing to /dev/null; the
/// ratio is ours / jq (≤ 1.0 means faster than jq).
struct JSONPathBenchmark {
    let runs: Int
    let megabytes: Int

    /// Each query with what jq runs for the same selection.
    static let queries: [(name: String, path: String?, jq: String)] = [
        ("parse", nil, "empty"),
        ("descendant_id", "$..id", #".. | objects | select(has("id")) | .id"#),
        ("filter_price_tag", "$.items[?@.price < 10 && @.tags[0] == 'a']",
         #".items[] | select(.price < 10 and .tags[0] == "a")"#),
        ("descendant_length", "$..[?length(@) > 3]",
         #".. | select(type == "array" or type == "object") | .[] | select((type == "string" or type == "array" or type == "object") and length > 3)"#),
    ]

    func run() async {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try Self.document(bytes: megabytes << 20).write(to: file)
        } catch {
            fail("cannot write \(file.path): \(error)")
        }
        guard let jq = Self.executable("jq") else { fail("jq is not installed (apt install jq; scripts/test installs it)") }
        print("jsonpath_document_bytes=\((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)")
        for query in Self.queries {
            let path: JSONPath?
            do throws(JSONPathProblem) {
                path = try query.path.map { text throws(JSONPathProblem) in try JSONPath(text) }
            } catch {
                fail("\(query.name): \(error)")
            }
            var lines = 0
            let ours = Sample((0..<runs).map { _ in
                Self.milliseconds {
                    guard let data = try? Data(contentsOf: file), let document = try? JSONNode.parsing(data) else {
                        fail("\(file.path) does not parse")
                    }
                    var out = ""
                    let values = path?.values(in: document) ?? []
                    for value in values {
                        out += value.compactText
                        out += "\n"
                    }
                    lines = values.count
                    _ = out.utf8.count
                }
            }).median
            let theirs = Sample((0..<runs).map { _ in
                Self.milliseconds { Self.runQuietly(jq, ["-c", query.jq, file.path]) }
            }).median
            print("jsonpath_\(query.name)_nodes=\(lines)")
            // Once more, untimed, to show both select the same nodes.
            let nodes = (try? BenchProcess.run(jq, ["-c", query.jq, file.path]))?.count(where: { $0 == UInt8(ascii: "\n") }) ?? -1
            print("jq_\(query.name)_nodes=\(nodes)")
            print("jsonpath_\(query.name)_ms=\(format(ours, digits: 1))")
            print("jq_\(query.name)_ms=\(format(theirs, digits: 1))")
            print("jsonpath_\(query.name)_vs_jq=\(format(ours / theirs, digits: 3))")
        }
        viewerIndex(file)
    }

    /// The viewer's pretty-line index of the same document (the one grammar the parser reads,
    /// issue 25), built whole as the Response pane builds it off the UI loop.
    private func viewerIndex(_ file: URL) {
        guard let data = try? Data(contentsOf: file) else { fail("cannot read \(file.path)") }
        var lines = 0
        let ours = Sample((0..<runs).map { _ in
            Self.milliseconds {
                let document = BodyDocument.open(data: data, contentType: "application/json").indexed()
                guard document.format == .json else { fail("the viewer did not read \(file.path) as JSON") }
                lines = document.lineCount
            }
        }).median
        print("viewer_index_lines=\(lines)")
        print("viewer_index_ms=\(format(ours, digits: 1))")
    }

    /// `{"items": [...], "meta": {...}}`: objects with ids, prices, tags and nested parts, about `bytes` long.
    static func document(bytes: Int) -> Data {
        var out = #"{"meta": {"id": "doc", "generated": "2026-11-25T00:00:00Z", "tags": ["bench", "jsonpath"]}, "items": ["#
        var index = 0
        let tags = ["a", "b", "c", "dd", "eee"]
        while out.utf8.count < bytes - 200 {
            if index > 0 { out += ", " }
            let price = Double((index * 37) % 2000) / 100
            out += #"{"id": \#(index), "name": "item \#(index)", "price": \#(price), "tags": ["\#(tags[index % 5])", "\#(tags[(index / 5) % 5])"], "#
            out += #""stock": {"id": "s-\#(index)", "count": \#(index % 17), "where": ["north", "south"]}, "active": \#(index % 3 != 0), "note": null}"#
            index += 1
        }
        out += "]}"
        return Data(out.utf8)
    }

    static func milliseconds(_ work: () -> Void) -> Double {
        let start = ContinuousClock.now
        work()
        return (ContinuousClock.now - start).milliseconds
    }

    static func executable(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool to its end, its output dropped.
    static func runQuietly(_ executable: String, _ arguments: [String]) {
        do { _ = try BenchProcess.run(executable, arguments) } catch { fail("cannot run \(executable): \(error)") }
    }
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("explorer-bench jsonpath: \(message)\n".utf8))
    exit(1)
}
