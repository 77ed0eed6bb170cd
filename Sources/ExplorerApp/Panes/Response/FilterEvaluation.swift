import Foundation
import RequestModel
import TUICore

/// One run of the Response pane's filter box, asked for with `Effect.evaluateFilter`: the loop
/// runs it off the UI thread, cancelling the run before it, and posts `AppEvent.filterEvaluated`.
public struct FilterEvaluation: Sendable, Equatable {
    /// Which run this is: a result for an earlier id is stale and dropped.
    public var id: Int
    /// Which response body (counted by the pane): the runner parses each body once.
    public var body: Int
    public var path: String
    /// The body, when it is kept in memory.
    public var data: Data
    /// A spooled body instead (`data` empty): never parsed whole, the path runs on each of its
    /// JSON Lines records (`resultOverRecords`).
    public var records: BodyDocument? = nil

    /// The body parsed once, for every path typed against it.
    public typealias ParsedBody = Result<JSONNode, JSONProblem>

    public static func parse(_ data: Data) -> ParsedBody {
        do throws(JSONProblem) {
            return .success(try JSONNode.parsing(data))
        } catch {
            return .failure(error)
        }
    }

    /// The selected nodes as one JSON array (shown pretty, like a body), the count, or why there
    /// is none. Stops early (with a partial result nobody will see) when `isCancelled` says so.
    public func result(in parsed: ParsedBody, isCancelled: () -> Bool = { Task.isCancelled }) -> FilterResult {
        let root: JSONNode
        switch parsed {
        case .success(let node): root = node
        case .failure(let problem): return FilterResult(id: id, outcome: .notJSON("the body is not JSON: \(problem)"))
        }
        let query: JSONPath
        do throws(JSONPathProblem) {
            query = try JSONPath(path)
        } catch {
            return FilterResult(id: id, outcome: .invalidPath(message: error.message, column: error.column))
        }
        let values = query.values(in: root)
        var texts: [String] = []
        var bytes = 0
        for value in values {
            if isCancelled() || bytes > Self.maxShownBytes { break }
            let text = value.compactText
            texts.append(text)
            bytes += text.utf8.count
        }
        return matches(count: values.count, texts: texts, isCancelled: isCancelled)
    }

    /// The path run on each record of `records` (a spooled body) as JSON Lines: one JSON value
    /// a line, blank lines skipped, read a window at a time so memory stays bounded; the matches
    /// of all records in one list. A line that is not JSON ends the run with its number.
    public func resultOverRecords(_ records: BodyDocument, isCancelled: () -> Bool = { Task.isCancelled }) -> FilterResult {
        let query: JSONPath
        do throws(JSONPathProblem) {
            query = try JSONPath(path)
        } catch {
            return FilterResult(id: id, outcome: .invalidPath(message: error.message, column: error.column))
        }
        var texts: [String] = []
        var bytes = 0, count = 0, record = 0
        var problem: String?
        let walk = records.forEachLine(maxBytes: Self.maxRecordBytes) { line in
            record += 1
            if isCancelled() { return false }
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
            let node: JSONNode
            do throws(JSONProblem) {
                node = try JSONNode.parsing(line)
            } catch {
                problem = "line \(record) is not JSON: \(error)"
                return false
            }
            let values = query.values(in: node)
            count += values.count
            for value in values where bytes <= Self.maxShownBytes {
                let text = value.compactText
                texts.append(text)
                bytes += text.utf8.count
            }
            return true
        }
        if case .lineTooLong(let line) = walk { problem = "line \(line + 1) is longer than \(Self.maxRecordBytes >> 20) MiB" }
        if let problem {
            return FilterResult(id: id, outcome: .notJSON("a spooled body is filtered as JSON Lines, one value a line: \(problem)"))
        }
        return matches(count: count, texts: texts, isCancelled: isCancelled)
    }

    private func matches(count: Int, texts: [String], isCancelled: () -> Bool) -> FilterResult {
        let array = Data(("[" + texts.joined(separator: ",") + "]").utf8)
        let document = BodyDocument.open(data: array, contentType: "application/json").indexed(isCancelled: isCancelled)
        return FilterResult(id: id, outcome: .matches(count: count, shown: texts.count, document: document))
    }

    /// A JSON Lines record longer than this ends a filter run on a spooled body.
    static let maxRecordBytes = 16 << 20

    /// Past this much JSON the remaining matches are counted, not shown (`$..*` on a big body).
    static let maxShownBytes = 32 << 20
}

/// What a filter run found, back from the loop.
public struct FilterResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// `count` nodes selected; the first `shown` of them, as one JSON array, in `document`.
        case matches(count: Int, shown: Int, document: BodyDocument)
        /// `column` is 1-based, in characters of the path as typed (`JSONPathProblem`).
        case invalidPath(message: String, column: Int)
        case notJSON(String)
    }

    public var id: Int
    public var outcome: Outcome

}
