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
    public var data: Data


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
        let array = Data(("[" + texts.joined(separator: ",") + "]").utf8)
        let document = BodyDocument.open(data: array, contentType: "application/json").indexed(isCancelled: isCancelled)
        return FilterResult(id: id, outcome: .matches(count: values.count, shown: texts.count, document: document))
    }

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
