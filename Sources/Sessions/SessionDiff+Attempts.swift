import RequestModel

/// Comparing the attempts of an exchange, the subject of a recording of retries:
/// `attempts: expected 3, got 1`, `attempt 2: expected 503 (default: retry), got 200 (default: next)`.
extension SessionDiff {
    /// The attempts (unless `check.attempts` is false), then the outcome, of `actual` against `expected`.
    /// An exchange without a recorded outcome has nothing to compare.
    public static func compare(expected: Session.Exchange, actual: Session.Exchange, check: Session.Check = Session.Check(),
                               limit: Int = 50) -> SessionDiff {
        guard let wanted = expected.outcome, let got = actual.outcome else { return SessionDiff(differences: [], truncated: false) }
        var diff = compare(expected: wanted, actual: got, check: check, limit: limit)
        diff.differences += compareMessages(expected: expected, actual: actual, check: check, limit: limit)
        if check.comparesAttempts {
            diff.differences.insert(contentsOf: compareAttempts(expected: expected, actual: actual), at: 0)
        }
        return diff
    }

    /// The count, then each attempt both runs made, in order. A recording without attempt
    /// events (written by hand) is compared by its count only.
    static func compareAttempts(expected: Session.Exchange, actual: Session.Exchange) -> [Difference] {
        var differences: [Difference] = []
        let wantedCount = expected.outcome?.attempts ?? expected.attempts.count
        let gotCount = actual.outcome?.attempts ?? actual.attempts.count
        if wantedCount != gotCount {
            differences.append(Difference(place: .attempts, description: "attempts: expected \(wantedCount), got \(gotCount)"))
        }
        let wanted = expected.attempts.map(AttemptStory.init)
        let got = actual.attempts.map(AttemptStory.init)
        for (left, right) in zip(wanted, got) {
            differences += compare(expected: left, actual: right)
        }
        return differences
    }

    /// How attempt `expected.number` differs. Once its ending or decisions differ, what follows
    /// from them (alternates, tasks, the retry) is not listed too.
    static func compare(expected: AttemptStory, actual: AttemptStory) -> [Difference] {
        var differences: [Difference] = []
        func add(_ text: String) {
            differences.append(Difference(place: .attempt(expected.number), description: "attempt \(expected.number): \(text)"))
        }
        if expected.redirects != actual.redirects {
            add("redirects expected \(list(expected.redirects)), got \(list(actual.redirects))")
        }
        if expected.ending != actual.ending || expected.decisions != actual.decisions {
            // The deciding (last) validator says enough unless an earlier one differs.
            let all = expected.decisions.dropLast() != actual.decisions.dropLast()
            add("expected \(expected.summary(allDecisions: all)), got \(actual.summary(allDecisions: all))")
            return differences
        }
        if expected.alternates != actual.alternates {
            add("alternate requests expected \(list(expected.alternates)), got \(list(actual.alternates))")
        }
        if expected.tasks != actual.tasks {
            add("tasks expected \(list(expected.tasks)), got \(list(actual.tasks))")
        }
        if let retry = retryDifference(expected.retry, actual.retry) { add(retry) }
        return differences
    }

    private static func retryDifference(_ expected: AttemptStory.Retry, _ actual: AttemptStory.Retry) -> String? {
        switch (expected, actual) {
        case let (.scheduled(wantedStrategy, wantedDelay, wantedSource), .scheduled(gotStrategy, gotDelay, gotSource)):
            if wantedStrategy != gotStrategy {
                return "retry strategy expected \(QuotedText.quote(wantedStrategy)), got \(QuotedText.quote(gotStrategy))"
            }
            if wantedSource != gotSource {
                return "retry delay from \(wantedSource) expected, got from \(gotSource) (\(RetryDelayTolerance.milliseconds(gotDelay)))"
            }
            let tolerance = RetryDelayTolerance.tolerance(recordedMs: wantedDelay, source: wantedSource, strategy: wantedStrategy)
            guard abs(gotDelay - wantedDelay) > tolerance else { return nil }
            return "retry delay expected \(RetryDelayTolerance.milliseconds(wantedDelay)) (\(wantedSource)), "
                + "got \(RetryDelayTolerance.milliseconds(gotDelay)), more than \(RetryDelayTolerance.milliseconds(tolerance)) apart"
        case (.skipped, .skipped), (.none, .none): return nil
        default: return "expected \(expected), got \(actual)"
        }
    }

    private static func list<Item: CustomStringConvertible>(_ items: [Item]) -> String {
        items.isEmpty ? "none" : items.map(\.description).joined(separator: ", ")
    }
}
