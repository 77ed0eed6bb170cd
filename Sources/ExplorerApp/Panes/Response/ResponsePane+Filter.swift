import Foundation
import TUICore

extension ResponsePane {
    /// `f`: opens the filter box on the body (or goes back to editing the open one's path).
    mutating func openFilter() -> Outcome {
        tab = .body
        if filter != nil {
            filter?.isEditing = true
            return .handled
        }
        guard let document, summary != nil else {
            message = "no response body to filter"
            return .handled
        }
        filter = ResponseFilter(body: document)
        return .handled
    }

    /// Keys while the path is edited: every change asks for a run, Enter keeps the result and
    /// gives the keys back to scrolling, Esc closes the filter.
    mutating func handleFilterField(_ key: Key) -> Outcome {
        guard var field = filter?.text else { return .ignored }
        if Self.edit(&field, with: key) {
            guard field != filter?.text else { return .handled }
            filter?.text = field
            return runFilter()
        }
        switch key {
        case .enter:
            filter?.isEditing = false
            return .handled
        case .escape:
            return closeFilter()
        case .up: scroll(by: -1); return .handled
        case .down: scroll(by: 1); return .handled
        case .pageUp: scroll(by: -max(1, bodyRows(height: viewportHeight) - 1)); return .handled
        case .pageDown: scroll(by: max(1, bodyRows(height: viewportHeight) - 1)); return .handled
        default:
            return .ignored
        }
    }

    /// A run for the path as it is now; an empty path shows the whole body again.
    private mutating func runFilter() -> Outcome {
        guard var filter else { return .handled }
        filter.problem = nil
        guard !filter.text.isEmpty else {
            filter.awaited = nil
            filter.matchCount = nil
            filter.shownCount = nil
            filter.notJSON = nil
            self.filter = filter
            showFiltered(filter.body)
            return .cancelFilter
        }
        filterRuns += 1
        filter.awaited = filterRuns
        self.filter = filter
        // A spooled body is never parsed whole: the runner goes through its JSON Lines records.
        let spooled = filter.body.isSpooled
        return .evaluateFilter(FilterEvaluation(id: filterRuns, body: bodySerial, path: filter.text,
                                                data: spooled ? Data() : filter.body.bytes(upTo: .max), records: spooled ? filter.body : nil))
    }

    /// A run's result: the selected nodes take the body's place; an invalid path keeps the
    /// previous result under its message. A result of an earlier run (or a closed filter) is dropped.
    public mutating func showFilterResult(_ result: FilterResult) {
        guard var filter, filter.awaited == result.id else { return }
        filter.awaited = nil
        switch result.outcome {
        case .matches(let count, let shown, let matches):
            filter.matchCount = count
            filter.shownCount = shown
            filter.problem = nil
            filter.notJSON = nil
            self.filter = filter
            showFiltered(matches)
        case .invalidPath(let message, let column):
            filter.problem = ResponseFilter.Problem(message: message, column: column)
            self.filter = filter
        case .notJSON(let reason):
            filter.notJSON = reason
            filter.matchCount = nil
            filter.shownCount = nil
            self.filter = filter
            showFiltered(filter.body)
        }
    }

    /// Esc: the whole body again, from its top.
    mutating func closeFilter() -> Outcome {
        guard let filter else { return .ignored }
        self.filter = nil
        showFiltered(filter.body)
        return .cancelFilter
    }

    private mutating func showFiltered(_ shown: BodyDocument) {
        document = withPreferredLayout(shown)
        topLine = 0
        column = 0
        followsEnd = false
        matchLine = nil
    }
}
