import ExplorerApp
import Foundation
import Locking

/// Runs the Response pane's filter box off the UI thread: each body is parsed once (the parse is
/// shared by every path typed against it), each new path cancels the run before it, and the
/// result is posted back with its run's id.
final class FilterRunner: Sendable {
    private struct Running {
        /// The latest body's parse, by the pane's body number.
        var parsed: (body: Int, task: Task<FilterEvaluation.ParsedBody, Never>)?
        var run: Task<Void, Never>?
    }

    private let post: @Sendable (AppEvent) -> Void
    private let running = Locked(Running())

    init(post: @escaping @Sendable (AppEvent) -> Void) {
        self.post = post
    }

    func evaluate(_ evaluation: FilterEvaluation) {
        running.withLock { state in
            state.run?.cancel()
            if let records = evaluation.records {
                // A spooled body: each run reads its records from the file, nothing is kept.
                state.run = Task.detached(priority: .userInitiated) { [post] in
                    let result = evaluation.resultOverRecords(records)
                    guard !Task.isCancelled else { return }
                    post(.filterEvaluated(result))
                }
                return
            }
            let parse: Task<FilterEvaluation.ParsedBody, Never>
            if let parsed = state.parsed, parsed.body == evaluation.body {
                parse = parsed.task
            } else {
                // An earlier body's parse is dropped with it (it is not awaited any more).
                let data = evaluation.data
                parse = Task.detached(priority: .userInitiated) { FilterEvaluation.parse(data) }
                state.parsed = (evaluation.body, parse)
            }
            state.run = Task.detached(priority: .userInitiated) { [post] in
                let parsed = await parse.value
                guard !Task.isCancelled else { return }
                let result = evaluation.result(in: parsed)
                guard !Task.isCancelled else { return }
                post(.filterEvaluated(result))
            }
        }
    }

    func cancel() {
        running.withLock { $0.run?.cancel() }
    }
}
